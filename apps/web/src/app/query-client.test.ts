import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { CurrentUser, ManagedPractitioner } from '@pca/contracts';
import { ApiError } from '#lib/http.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, problem } from '../test/fake-server.ts';
import { renderApp } from '../test/render-app.tsx';
import { testUser } from '../test/test-config.ts';
import { createQueryClient, isManagingEnded } from './query-client.ts';
import { setAppNavigate } from './app-navigation.ts';

const alice: ManagedPractitioner = {
  id: '1b2c3d4e-5f60-4a71-8b92-a3b4c5d6e7f8',
  givenName: 'Alice',
  familyName: 'Nguyen',
  userPhotoData: null,
};

const managingEnded = () =>
  new ApiError(403, {
    type: '/problems/managing-ended',
    title: 'Forbidden',
    status: 403,
    detail: 'Alice Nguyen has stopped your delegation. You are back in your own account.',
  });

describe('isManagingEnded', () => {
  it('is true only for a 403 of the managing-ended problem type', () => {
    expect(isManagingEnded(managingEnded())).toBe(true);
    expect(
      isManagingEnded(new ApiError(403, { type: '/problems/forbidden', title: 'F', status: 403 })),
    ).toBe(false);
    expect(isManagingEnded(new ApiError(403, null))).toBe(false);
    expect(isManagingEnded(new Error('managing-ended'))).toBe(false);
  });
});

describe('managing ended: the query client switches the app back to the delegate’s own account', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('drops the managed practitioner’s data, clears Managing at once, refetches the user and goes to /welcome with the reason', async () => {
    const queryClient = createQueryClient();
    const navigate = vi.fn();
    setAppNavigate(navigate);
    const delegate = testUser({ managingPractitioner: alice });
    queryClient.setQueryData(['me'], delegate);
    queryClient.setQueryData(['notifications', alice.id], { items: ['for Alice'] });

    await expect(
      queryClient.fetchQuery({
        queryKey: ['tasks', alice.id],
        queryFn: () => Promise.reject(managingEnded()),
      }),
    ).rejects.toBeInstanceOf(ApiError);

    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/welcome?reason=managing-ended');
    expect(queryClient.getQueryData(['notifications', alice.id])).toBeUndefined();
    expect(queryClient.getQueryData(['tasks', alice.id])).toBeUndefined();
    expect(queryClient.getQueryData<CurrentUser>(['me'])?.managingPractitioner).toBeNull();
    expect(queryClient.getQueryState(['me'])?.isInvalidated).toBe(true);
  });

  it('handles a refused mutation the same way, and several refusals at once switch back once', async () => {
    const queryClient = createQueryClient();
    const navigate = vi.fn();
    setAppNavigate(navigate);
    queryClient.setQueryData(['me'], testUser({ managingPractitioner: alice }));
    const refuse = () =>
      queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: () => Promise.reject(managingEnded()) })
        .execute(undefined)
        .catch(() => null);
    await Promise.all([refuse(), refuse()]);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/welcome?reason=managing-ended');
  });

  it('leaves other refusals to the page that asked', async () => {
    const queryClient = createQueryClient();
    const navigate = vi.fn();
    setAppNavigate(navigate);
    queryClient.setQueryData(['other'], 1);
    await queryClient
      .fetchQuery({
        queryKey: ['x'],
        queryFn: () =>
          Promise.reject(
            new ApiError(403, { type: '/problems/forbidden', title: 'F', status: 403 }),
          ),
      })
      .catch(() => null);
    expect(navigate).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(['other'])).toBe(1);
  });

  it('in the app: a page whose call is refused lands on /welcome, which says the user is back in their own account', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setSessionToken('tok');
    let managing: ManagedPractitioner | null = alice;
    installFakeServer({
      'GET /api/me': () => json(testUser({ managingPractitioner: managing })),
      'GET /api/me/organisations': () => json({ organisations: [] }),
      'GET /api/welcome/sign-up-banner': () => json({ organisation: null }),
      'GET /api/welcome/site-organisations': () => json({ organisations: [] }),
      'GET /api/managing/practitioners': () => {
        // The API switches the session back as it refuses.
        managing = null;
        return problem(403, '/problems/managing-ended', 'Forbidden');
      },
    });
    const { router } = renderApp('/manage-accounts');
    // The first load of a lazy section can take seconds on a busy machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), {
      timeout: 15_000,
    });
    expect(router.state.location.search).toBe('?reason=managing-ended');
    // The welcome page is a lazy section too.
    expect(
      await screen.findByText('You are back in your own account.', {}, { timeout: 30_000 }),
    ).toBeVisible();
    expect(
      screen.getByText('The practitioner you were managing has stopped your delegation.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('managing-indicator')).not.toBeInTheDocument());
  }, 40_000);
});
