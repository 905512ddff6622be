import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  dialogWidths,
  hpiiCheckMessages,
  hpiiMessages,
  practitionerRegistrationMessages,
} from '@pca/contracts';
import { profileApiPath } from '@pca/contracts/profile-paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { heldReply, installFakeServer, json, type FakeHandler } from '../../../test/fake-server.ts';
import { RegisterPractitionerButton, hpiiTooltip } from './register-practitioner-dialog.tsx';

const userId = '11111111-1111-4111-8111-111111111111';
const checkPath = `POST ${profileApiPath('hpiiCheck', userId)}`;
const savePath = `POST ${profileApiPath('practitionerRegistration', userId)}`;

/** A problem with the HPI-I field's error, as the server answers a refused check. */
const fieldProblem = (status: number, type: string, message: string) =>
  new Response(
    JSON.stringify({
      type: `/problems/${type}`,
      title: 'HPI-I not accepted',
      status,
      detail: message,
      errors: [{ field: 'hpii', message }],
    }),
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

function setUp(routes: Record<string, FakeHandler>) {
  setSessionToken('tok');
  const requests = installFakeServer(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const onRegistered = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <RegisterPractitionerButton userId={userId} onRegistered={onRegistered} />
    </QueryClientProvider>,
  );
  return { requests, onRegistered, invalidated, user: userEvent.setup() };
}

/** Slow machines under a full test run take seconds to settle a submit. */
const wait = { timeout: 10_000 };

/** Puts text into a field the way a paste does (typing key by key is slow and adds nothing here). */
async function enter(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const dialogWidth = () => screen.getByRole('dialog').style.maxWidth;

describe('register as a practitioner', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the number on the client first: required, 16 digits, the check digit', async () => {
    const { requests, user } = setUp({});
    await user.click(screen.getByRole('button', { name: 'Register as a practitioner' }));
    const dialog = screen.getByRole('dialog', { name: 'Your professional identity' });
    expect(dialogWidth()).toBe(`${dialogWidths.registerPractitioner}px`);

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const field = within(dialog).getByRole('textbox', { name: /HPI-I number/ });
    expect(
      await within(dialog).findAllByText(hpiiMessages.required, undefined, wait),
    ).not.toHaveLength(0);

    // Letters are dropped and the field takes 16 digits at most.
    await enter(user, field, '80036118abc60913');
    expect(field).toHaveValue('8003611860913');
    expect(field).toHaveAttribute('maxlength', '16');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      await within(dialog).findAllByText(hpiiMessages.digits, undefined, wait),
    ).not.toHaveLength(0);

    await user.clear(field);
    await enter(user, field, '8003611860913909');
    expect(field).toHaveValue('8003611860913909');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      await within(dialog).findAllByText(hpiiMessages.checkDigit, undefined, wait),
    ).not.toHaveLength(0);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows the HI Service’s answer on the field and stays on the identity step', async () => {
    const { user } = setUp({
      [checkPath]: () => fieldProblem(422, 'hpii-not-active', hpiiCheckMessages.hpiiNotActive),
    });
    await user.click(screen.getByRole('button', { name: 'Register as a practitioner' }));
    const dialog = screen.getByRole('dialog', { name: 'Your professional identity' });
    await enter(
      user,
      within(dialog).getByRole('textbox', { name: /HPI-I number/ }),
      '8003619960308242',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      await within(dialog).findAllByText(hpiiCheckMessages.hpiiNotActive, undefined, wait),
    ).toHaveLength(2);
    expect(within(dialog).getByRole('textbox', { name: /HPI-I number/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('dialog', { name: 'Your professional identity' })).toBeVisible();
  });

  it('a second answer replaces the first on the field (moved from e2e/tests/register-practitioner.spec.ts, issue 31)', async () => {
    let answers = 0;
    const { user } = setUp({
      [checkPath]: () =>
        (answers += 1) === 1
          ? fieldProblem(422, 'hpii-not-active', hpiiCheckMessages.hpiiNotActive)
          : fieldProblem(422, 'hpii-not-linked', hpiiCheckMessages.hpiiNotLinked),
    });
    await user.click(screen.getByRole('button', { name: 'Register as a practitioner' }));
    const dialog = screen.getByRole('dialog', { name: 'Your professional identity' });
    const field = within(dialog).getByRole('textbox', { name: /HPI-I number/ });
    await enter(user, field, '8003619960308242');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findAllByText(hpiiCheckMessages.hpiiNotActive, undefined, wait);
    await user.clear(field);
    await enter(user, field, '8003616281948219');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      await within(dialog).findAllByText(hpiiCheckMessages.hpiiNotLinked, undefined, wait),
    ).not.toHaveLength(0);
    expect(within(dialog).queryByText(hpiiCheckMessages.hpiiNotActive)).toBeNull();
    expect(hpiiCheckMessages.hpiiNotLinked).toBe(
      'This HPI-I number is not linked to your provider-login account. Link it in the government services portal, then try again.',
    );
    expect(hpiiCheckMessages.hpiiNotActive).toBe(
      'This HPI-I number is not active with the Healthcare Identifiers Service. Please contact the Healthcare Identifiers Service.',
    );
  });

  it('offers the help tooltip and the link to find the number', async () => {
    const { user } = setUp({});
    await user.click(screen.getByRole('button', { name: 'Register as a practitioner' }));
    const help = screen.getByRole('button', { name: 'Where to find your HPI-I' });
    await user.hover(help);
    expect(await screen.findByRole('tooltip', undefined, wait)).toHaveTextContent(hpiiTooltip);
    expect(screen.getByRole('link', { name: /How to find your HPI-I/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('moves to the terms at 950 px, needs both ticks, saves and closes with the HPI-I', async () => {
    const check = heldReply();
    const { requests, onRegistered, invalidated, user } = setUp({
      [checkPath]: check.reply,
      [savePath]: () =>
        json({ hpii: '8003611860913908', practitionerId: '22222222-2222-4222-8222-222222222222' }),
    });
    await user.click(screen.getByRole('button', { name: 'Register as a practitioner' }));
    const identity = screen.getByRole('dialog', { name: 'Your professional identity' });
    await enter(
      user,
      within(identity).getByRole('textbox', { name: /HPI-I number/ }),
      '8003611860913908',
    );
    await user.click(within(identity).getByRole('button', { name: 'Next' }));
    // The validating state while the HI Service answers.
    expect(
      await within(identity).findByText('Validating your HPI-I number…', undefined, wait),
    ).toBeVisible();
    check.release(json({ hpii: '8003611860913908' }));

    const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' }, wait);
    expect(dialogWidth()).toBe(`${dialogWidths.registerPractitionerTerms}px`);
    await user.click(within(terms).getByRole('button', { name: 'Agree and continue' }));
    expect(
      await within(terms).findAllByText(
        practitionerRegistrationMessages.participationRequired,
        undefined,
        wait,
      ),
    ).not.toHaveLength(0);
    expect(
      within(terms).getAllByText(practitionerRegistrationMessages.privacyRequired),
    ).not.toHaveLength(0);

    await user.click(
      within(terms).getByRole('checkbox', { name: 'I accept the participation agreement' }),
    );
    await user.click(
      within(terms).getByRole('checkbox', { name: 'I have read and accept the privacy notice' }),
    );
    await user.click(within(terms).getByRole('button', { name: 'Agree and continue' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('8003611860913908'), wait);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      requests.find((r) => r.method === 'POST' && r.path.endsWith('/practitioner-registration'))
        ?.body,
    ).toEqual({
      hpii: '8003611860913908',
      participationAccepted: true,
      privacyAccepted: true,
    });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['me'] });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['profile'] });
  });

  it('says “Error saving HPI-I number.” when saving fails', async () => {
    const { onRegistered, user } = setUp({
      [checkPath]: () => json({ hpii: '8003611860913908' }),
      [savePath]: () => fieldProblem(502, 'hpii-error', hpiiCheckMessages.hpiiError),
    });
    await user.click(screen.getByRole('button', { name: 'Register as a practitioner' }));
    await enter(user, screen.getByRole('textbox', { name: /HPI-I number/ }), '8003611860913908');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' }, wait);
    await user.click(
      within(terms).getByRole('checkbox', { name: 'I accept the participation agreement' }),
    );
    await user.click(
      within(terms).getByRole('checkbox', { name: 'I have read and accept the privacy notice' }),
    );
    await user.click(within(terms).getByRole('button', { name: 'Agree and continue' }));
    expect(
      await within(terms).findByText(practitionerRegistrationMessages.saveFailed, undefined, wait),
    ).toBeVisible();
    expect(within(terms).getByText(hpiiCheckMessages.hpiiError)).toBeVisible();
    expect(onRegistered).not.toHaveBeenCalled();
  });
});
