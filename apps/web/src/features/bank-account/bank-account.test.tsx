import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  bankAccountApiPath,
  bankAccountConsent,
  bankAccountMessages as messages,
  bankAccountShareApiPath,
  bankAccountSharesApiPath,
  type BankAccountView,
} from '@pca/contracts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import {
  installFakeServer,
  json,
  problem,
  type FakeHandler,
  invalidIdProblem,
} from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

const practitionerId = '0d6a2c55-51a6-4a0e-9f61-7a2d4b8c9e01';
const medifundId = '11111111-1111-4111-8111-111111111111';
const MEDIFUND = 'MediFund Health Insurance';

const viewOf = (over: Partial<BankAccountView> = {}): BankAccountView => ({
  practitioner: { id: practitionerId, givenName: 'Alice', familyName: 'Nguyen' },
  managing: false,
  account: null,
  payers: [
    {
      partnerServiceId: medifundId,
      name: MEDIFUND,
      consent: { version: 1, text: bankAccountConsent.text(MEDIFUND) },
      share: null,
    },
  ],
  ...over,
});
const saved = {
  accountName: 'Dr Alice Nguyen',
  bsb: '062-000',
  accountNumber: '••••5678',
  updatedAt: '2026-11-27T00:00:00.000Z',
};

function serve(routes: Record<string, FakeHandler>) {
  setSessionToken('tok');
  return installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(testUser()),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
    ...routes,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the bank account page', () => {
  it("names the managed practitioner in the intro when the delegation's consent leaves bank details out", async () => {
    setSessionToken('tok');
    installFakeServer({
      [`GET ${apiPaths.me}`]: () =>
        json(
          testUser({
            managingPractitioner: {
              id: practitionerId,
              givenName: 'Alice',
              familyName: 'Nguyen',
              userPhotoData: null,
            },
          }),
        ),
      [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
      [`GET ${bankAccountApiPath(practitionerId)}`]: () => problem(404, 'not-found', 'Not found'),
    });
    renderApp(`/bank-account/add-edit/${practitionerId}`);
    expect(
      await screen.findByText(messages.noDelegateConsentTitle, {}, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.getByText(messages.introManaging('Alice Nguyen'))).toBeVisible();
    expect(screen.queryByText(messages.intro)).toBeNull();
  });

  it('checks the fields with the shared schema before sending, then sends the BSB as 6 digits', async () => {
    let account: BankAccountView['account'] = null;
    const requests = serve({
      [`GET ${bankAccountApiPath(practitionerId)}`]: () => json(viewOf({ account })),
      [`PUT ${bankAccountApiPath(practitionerId)}`]: () => {
        account = saved;
        return json(saved);
      },
    });
    const user = userEvent.setup();
    renderApp(`/bank-account/add-edit/${practitionerId}`);
    const form = await screen.findByRole('form', { name: messages.add });
    expect(screen.getByText(messages.sharingNeedsAccount)).toBeVisible();
    await user.type(within(form).getByRole('textbox', { name: /Account name/ }), 'Dr Alice Nguyen');
    await user.type(within(form).getByRole('textbox', { name: /BSB/ }), '06-000');
    await user.type(within(form).getByRole('textbox', { name: /Account number/ }), '1234');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: messages.bsbInvalid })).toBeVisible();
    expect(screen.getByRole('link', { name: messages.accountNumberInvalid })).toBeVisible();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(within(form).getByRole('textbox', { name: /BSB/ }));
    await user.type(within(form).getByRole('textbox', { name: /BSB/ }), '062-000');
    await user.clear(within(form).getByRole('textbox', { name: /Account number/ }));
    await user.type(within(form).getByRole('textbox', { name: /Account number/ }), '12345678');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.saved)).toBeVisible();
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      accountName: 'Dr Alice Nguyen',
      bsb: '062000',
      accountNumber: '12345678',
    });
    const details = await screen.findByRole('region', { name: 'Account details' });
    expect(within(details).getByText('••••5678')).toBeVisible();
    expect(within(details).getByText('062-000')).toBeVisible();
  });

  it('shares only after the consent shown is ticked, sending the version shown', async () => {
    const requests = serve({
      [`GET ${bankAccountApiPath(practitionerId)}`]: () => json(viewOf({ account: saved })),
      [`POST ${bankAccountSharesApiPath(practitionerId)}`]: () =>
        json(
          {
            ...viewOf().payers[0],
            share: { consentVersion: 1, sharedAt: '2026-11-27T00:00:00.000Z' },
          },
          201,
        ),
    });
    const user = userEvent.setup();
    renderApp(`/bank-account/add-edit/${practitionerId}`);
    await user.click(await screen.findByRole('button', { name: messages.share(MEDIFUND) }));
    const consent = screen.getByRole('region', { name: messages.consentHeading(MEDIFUND) });
    expect(within(consent).getByText(bankAccountConsent.text(MEDIFUND))).toBeVisible();
    await user.click(within(consent).getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('link', { name: messages.consentRequired })).toBeVisible();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.click(within(consent).getByRole('checkbox', { name: messages.consentLabel }));
    await user.click(within(consent).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(messages.sharedWith(MEDIFUND))).toBeVisible();
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      partnerServiceId: medifundId,
      consentVersion: 1,
      consent: true,
    });
  });

  it('asks for the consent afresh after a share is withdrawn: the tick of the last share is not kept', async () => {
    let share: { consentVersion: number; sharedAt: string } | null = null;
    const payer = () => ({ ...viewOf().payers[0]!, share });
    const requests = serve({
      [`GET ${bankAccountApiPath(practitionerId)}`]: () =>
        json(viewOf({ account: saved, payers: [payer()] })),
      [`POST ${bankAccountSharesApiPath(practitionerId)}`]: () => {
        share = { consentVersion: 1, sharedAt: '2026-11-27T00:00:00.000Z' };
        return json(payer(), 201);
      },
      [`DELETE ${bankAccountShareApiPath(practitionerId, medifundId)}`]: () => {
        share = null;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp(`/bank-account/add-edit/${practitionerId}`);
    await user.click(await screen.findByRole('button', { name: messages.share(MEDIFUND) }));
    let consent = screen.getByRole('region', { name: messages.consentHeading(MEDIFUND) });
    await user.click(within(consent).getByRole('checkbox', { name: messages.consentLabel }));
    await user.click(within(consent).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(messages.sharedWith(MEDIFUND))).toBeVisible();

    await user.click(await screen.findByRole('button', { name: messages.withdraw }));
    await user.click(await screen.findByRole('button', { name: messages.share(MEDIFUND) }));
    consent = screen.getByRole('region', { name: messages.consentHeading(MEDIFUND) });
    expect(
      within(consent).getByRole('checkbox', { name: messages.consentLabel }),
    ).not.toBeChecked();
    await user.click(within(consent).getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('link', { name: messages.consentRequired })).toBeVisible();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("does not show a failed share's error when the consent form is opened again", async () => {
    serve({
      [`GET ${bankAccountApiPath(practitionerId)}`]: () => json(viewOf({ account: saved })),
      [`POST ${bankAccountSharesApiPath(practitionerId)}`]: () =>
        problem(409, '/problems/consent-outdated', 'The consent shown is no longer in force'),
    });
    const user = userEvent.setup();
    renderApp(`/bank-account/add-edit/${practitionerId}`);
    await user.click(await screen.findByRole('button', { name: messages.share(MEDIFUND) }));
    let consent = screen.getByRole('region', { name: messages.consentHeading(MEDIFUND) });
    await user.click(within(consent).getByRole('checkbox', { name: messages.consentLabel }));
    await user.click(within(consent).getByRole('button', { name: 'Share' }));
    expect(await within(consent).findByText('There is a problem')).toBeVisible();
    await user.click(within(consent).getByRole('button', { name: messages.cancel }));
    await user.click(screen.getByRole('button', { name: messages.share(MEDIFUND) }));
    consent = screen.getByRole('region', { name: messages.consentHeading(MEDIFUND) });
    expect(within(consent).queryByText('There is a problem')).toBeNull();
  });

  it('moves focus to the consent form when Share opens it, and back to Share on Cancel', async () => {
    serve({
      [`GET ${bankAccountApiPath(practitionerId)}`]: () => json(viewOf({ account: saved })),
    });
    const user = userEvent.setup();
    renderApp(`/bank-account/add-edit/${practitionerId}`);
    await user.click(await screen.findByRole('button', { name: messages.share(MEDIFUND) }));
    const consent = screen.getByRole('region', { name: messages.consentHeading(MEDIFUND) });
    expect(document.activeElement).toBe(
      within(consent).getByRole('heading', { name: messages.consentHeading(MEDIFUND) }),
    );
    // From the heading, the next Tab reaches the form's tick.
    await user.tab();
    expect(document.activeElement).toBe(
      within(consent).getByRole('checkbox', { name: messages.consentLabel }),
    );
    await user.click(within(consent).getByRole('button', { name: messages.cancel }));
    expect(screen.queryByRole('region', { name: messages.consentHeading(MEDIFUND) })).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: messages.share(MEDIFUND) }),
    );
  });
});

describe('the bank account page: focus', () => {
  it("moves focus to the form's heading on Edit, back to Edit on Cancel, and to the message after a save", async () => {
    serve({
      [`GET ${bankAccountApiPath(practitionerId)}`]: () => json(viewOf({ account: saved })),
      [`PUT ${bankAccountApiPath(practitionerId)}`]: () => json(saved),
    });
    const user = userEvent.setup();
    renderApp(`/bank-account/add-edit/${practitionerId}`);
    await user.click(await screen.findByRole('button', { name: messages.edit }));
    const form = screen.getByRole('form', { name: messages.editTitle });
    expect(document.activeElement).toBe(
      within(form).getByRole('heading', { name: messages.editTitle }),
    );
    // From the heading, the next Tab reaches the first field.
    await user.tab();
    expect(document.activeElement).toBe(
      within(form).getByRole('textbox', { name: /Account name/ }),
    );
    await user.click(within(form).getByRole('button', { name: messages.cancel }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: messages.edit }));

    await user.click(screen.getByRole('button', { name: messages.edit }));
    const again = screen.getByRole('form', { name: messages.editTitle });
    await user.type(within(again).getByRole('textbox', { name: /Account name/ }), 'Dr A Nguyen');
    await user.type(within(again).getByRole('textbox', { name: /BSB/ }), '062-000');
    await user.type(within(again).getByRole('textbox', { name: /Account number/ }), '12345678');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.saved)).toBeVisible();
    expect(document.activeElement).toBe(
      screen.getByText(messages.saved).closest('[tabindex="-1"]'),
    );
  });
});

describe('the bank account page: a malformed id', () => {
  it('says the bank account does not exist, as for an unknown id', async () => {
    serve({
      [`GET ${bankAccountApiPath('not-a-uuid')}`]: () => invalidIdProblem('practitionerId'),
    });
    renderApp('/bank-account/add-edit/not-a-uuid');
    expect(await screen.findByText('This bank account does not exist')).toBeVisible();
    expect(screen.queryByText(/invalid fields/)).toBeNull();
  });
});
