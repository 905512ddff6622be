import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Registration } from '@pca/contracts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, type RecordedRequest } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';

const id = '3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d';
const pending: Registration = {
  id,
  status: 'PendingSubmission',
  legalName: 'Coastal Physio Collective',
  businessName: 'Coastal Physio Collective',
  abn: '',
  phone: '',
  email: '',
  website: '',
  primaryLocation: null,
  agreementAccepted: false,
  nextStep: 'businessDetails',
  declineReason: null,
};

function serve(start: Registration = pending) {
  setSessionToken('tok');
  let saved = start;
  return installFakeServer({
    'GET /api/me': () => json(testUser()),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    'GET /api/welcome/sign-up-banner': () => json({ organisation: null }),
    'GET /api/welcome/site-organisations': () => json({ organisations: [] }),
    [`GET /api/business-registrations/${id}`]: () => json(saved),
    [`PUT /api/business-registrations/${id}`]: (r: RecordedRequest) => {
      const body = r.body as Record<string, unknown>;
      saved = { ...saved, ...body, nextStep: 'contactDetails' } as Registration;
      return json(saved);
    },
    [`POST /api/business-registrations/${id}/submit`]: () =>
      json({ ...saved, status: 'PendingApproval' }),
  });
}

// The first load of a lazy page can take many seconds on a busy machine (a wait ends as soon as it passes).
const lazy = { timeout: 30_000 };

describe('RegisterBusinessPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an ABN failing its checksum, then saves the step and moves on', async () => {
    const requests = serve();
    renderApp(`/organisation/participating/add-edit-v2/${id}`);
    expect(
      await screen.findByRole('heading', { name: 'Step 1 of 4: Business details' }, lazy),
    ).toBeVisible();
    expect(screen.getByLabelText(/Legal name/)).toHaveValue('Coastal Physio Collective');

    await userEvent.type(screen.getByLabelText(/^ABN/), '51 824 753 557');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    const summary = await screen.findByRole('alert');
    // The summary takes focus in an effect after it renders: wait for it rather than assert at once.
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByText(/Enter a valid 11-digit ABN/)).toBeVisible();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await userEvent.clear(screen.getByLabelText(/^ABN/));
    await userEvent.type(screen.getByLabelText(/^ABN/), '51 824 753 556');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(
      await screen.findByRole('heading', { name: 'Step 2 of 4: Contact details' }),
    ).toBeVisible();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      step: 'businessDetails',
      legalName: 'Coastal Physio Collective',
      businessName: 'Coastal Physio Collective',
      abn: '51824753556',
    });
  }, 60_000);

  it('submits from the agreement step and lands on the dashboard with msg=success', async () => {
    const requests = serve({
      ...pending,
      abn: '51824753556',
      phone: '07 5555 6666',
      email: 'hello@coastalphysio.example.com.au',
      primaryLocation: {
        addressLine: '12 Marine Parade',
        locality: 'Surry Hills',
        postcode: '2010',
        state: 'NSW',
      },
      nextStep: 'agreement',
    });
    const { router } = renderApp(`/organisation/participating/add-edit-v2/${id}`);
    await screen.findByRole('heading', { name: 'Step 4 of 4: Participation agreement' }, lazy);
    await userEvent.click(screen.getByRole('button', { name: 'Submit registration' }));
    expect(
      await screen.findAllByText('You must accept the participation agreement to continue'),
    ).not.toHaveLength(0);
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I have read and accept the participation agreement' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit registration' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), lazy);
    expect(router.state.location.search).toBe('?msg=success');
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/submit'))).toBe(true);
  }, 60_000);

  it('tells the manager why a declined registration was not approved', async () => {
    const reason = 'Please add:\n1. the practice phone\n2. the practice email';
    serve({ ...pending, declineReason: reason });
    renderApp(`/organisation/participating/add-edit-v2/${id}`);
    expect(await screen.findByText('Your registration was not approved', {}, lazy)).toBeVisible();
    // The operator's line breaks are kept, not folded into one line.
    const shown = screen.getByText(
      (_, element) => element?.tagName === 'SPAN' && element.textContent === reason,
    );
    expect(shown).toBeVisible();
    expect(shown).toHaveStyle({ whiteSpace: 'pre-line' });
  });

  it('says a submitted registration is waiting for approval instead of showing the steps', async () => {
    serve({ ...pending, status: 'PendingApproval', nextStep: 'agreement' });
    renderApp(`/organisation/participating/add-edit-v2/${id}`);
    expect(await screen.findByText('This registration has been submitted', {}, lazy)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
  });
});
