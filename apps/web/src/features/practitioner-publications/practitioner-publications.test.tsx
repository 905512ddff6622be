import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  practitionerPublicationApiPaths as paths,
  practitionerPublicationMessages as messages,
  practitionerPublicationProblemTypes,
  type PractitionerPublication,
  type PractitionerPublications,
} from '@pca/contracts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import {
  heldReply,
  installFakeServer,
  json,
  problem,
  type FakeHandler,
} from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

const medifundId = '11111111-1111-4111-8111-111111111111';
const practiceLinkId = '22222222-2222-4222-8222-222222222222';

const statement = (id: string, partner: string, version: number) => ({
  id,
  version,
  title: `${partner} information use statement (version ${version})`,
  content: `<p>${partner} uses your details only to validate claims (version ${version}).</p>`,
});
const medifundV1 = statement('44444444-4444-4444-8444-444444444444', 'MediFund', 1);
const medifundV2 = statement('55555555-5555-4555-8555-555555555555', 'MediFund', 2);
const practiceLinkV1 = statement('66666666-6666-4666-8666-666666666666', 'PracticeLink', 1);

const medifund = (over: Partial<PractitionerPublication> = {}): PractitionerPublication => ({
  partner: {
    id: medifundId,
    code: 'medifund',
    name: 'MediFund Health Insurance',
    role: 'payer',
    latestStatement: medifundV1,
  },
  publish: true,
  acceptance: {
    version: 1,
    acceptedBy: 'Alice Nguyen',
    byDelegate: false,
    acceptedAt: '2026-10-18T00:00:00.000Z',
  },
  needsAcceptance: false,
  personalContactRequested: true,
  personalContactRequestedAt: '2026-11-11T00:00:00.000Z',
  sharePersonalContact: false,
  updatedAt: '2026-11-11T00:00:00.000Z',
  ...over,
});

const listOf = (
  items: PractitionerPublication[],
  over: Partial<PractitionerPublications> = {},
): PractitionerPublications => ({
  practitioner: {
    id: '33333333-3333-4333-8333-333333333333',
    givenName: 'Alice',
    familyName: 'Nguyen',
  },
  managing: false,
  mayChangePersonalContactSharing: true,
  items,
  ...over,
});

function serve(routes: Record<string, FakeHandler>) {
  setSessionToken('tok');
  return installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(testUser()),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
    ...routes,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the publishing settings list', () => {
  it('shows each partner with its chips, an Edit link per row and the Add link', async () => {
    serve({
      [`GET ${paths.list}`]: () =>
        json(
          listOf([
            medifund(),
            {
              ...medifund({ personalContactRequested: false, personalContactRequestedAt: null }),
              partner: {
                id: practiceLinkId,
                code: 'practice-link',
                name: 'PracticeLink Referrals',
                role: 'referral',
                latestStatement: practiceLinkV1,
              },
              publish: false,
            },
          ]),
        ),
    });
    renderApp('/practitioner/publish');
    // At phone width (jsdom applies no media query) each partner is a card; the table is the same columns.
    const cards = await screen.findByRole('list', { name: 'Partner services' });
    const rows = within(cards).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('MediFund Health Insurance')).toBeVisible();
    expect(within(rows[0]!).getByText(messages.published)).toBeVisible();
    expect(within(rows[0]!).getByText(messages.contactNotShared)).toBeVisible();
    expect(within(rows[1]!).getByText(messages.notPublished)).toBeVisible();
    expect(within(rows[1]!).getByText(messages.contactNotRequested)).toBeVisible();
    expect(
      within(rows[0]!).getByRole('link', { name: 'Edit MediFund Health Insurance' }),
    ).toHaveAttribute('href', `/practitioner/publish/edit?partnerServiceId=${medifundId}`);
    expect(screen.getByRole('link', { name: messages.add })).toHaveAttribute(
      'href',
      '/practitioner/publish/add',
    );
  });

  it('says so when no partner has been added, and shows the loading message first', async () => {
    // Every request of the list, before or after the loading message was seen, gets the one held reply.
    const held = heldReply();
    serve({ [`GET ${paths.list}`]: held.reply });
    renderApp('/practitioner/publish');
    expect(await screen.findByText(messages.loading)).toBeInTheDocument();
    held.release(json(listOf([])));
    expect(await screen.findByText(messages.empty)).toBeVisible();
  });

  it('explains a refusal (no practitioner) without offering to try again', async () => {
    serve({
      [`GET ${paths.list}`]: () =>
        new Response(
          JSON.stringify({ type: '/problems/no-practitioner', title: 'Forbidden', status: 403 }),
          { status: 403, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    renderApp('/practitioner/publish');
    expect(
      await screen.findByText('You do not have access to your publishing settings'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('adding a partner', () => {
  const available = () =>
    json({
      items: [
        {
          id: practiceLinkId,
          code: 'practice-link',
          name: 'PracticeLink Referrals',
          role: 'referral',
          latestStatement: practiceLinkV1,
        },
      ],
    });

  it('has its h1 while loading and when the partner services cannot be loaded', async () => {
    const held = heldReply();
    serve({
      [`GET ${paths.list}`]: () => json(listOf([medifund()])),
      [`GET ${paths.availablePartners}`]: held.reply,
    });
    renderApp('/practitioner/publish/add');
    expect(await screen.findByText(messages.loading)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(messages.addTitle);
    held.release(problem(403, '/problems/forbidden', 'Forbidden'));
    expect(await screen.findByText('You do not have access to the partner services')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(messages.addTitle);
  });

  it('keeps sharing disabled with the personal contact request tooltip, and asks for a partner', async () => {
    const user = userEvent.setup();
    serve({
      [`GET ${paths.list}`]: () => json(listOf([medifund()])),
      [`GET ${paths.availablePartners}`]: available,
    });
    renderApp('/practitioner/publish/add');
    // A disabled checkbox takes no focus: the tooltip hangs on a button keyboard users can reach.
    expect(await screen.findByRole('checkbox', { name: messages.shareLabel })).toBeDisabled();
    expect(screen.getByRole('button', { name: "Why can't I share?" })).toHaveAccessibleDescription(
      messages.requestTooltip,
    );
    await user.click(screen.getByRole('button', { name: messages.save }));
    expect(await screen.findByText(messages.partnerRequired)).toBeVisible();
  });

  it('adds the chosen partner and returns to the list with a success alert', async () => {
    const user = userEvent.setup();
    const requests = serve({
      [`GET ${paths.list}`]: () => json(listOf([medifund()])),
      [`GET ${paths.availablePartners}`]: available,
      [`POST ${paths.list}`]: () => json(medifund(), 201),
    });
    renderApp('/practitioner/publish/add');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /Partner service/ }),
      'PracticeLink Referrals',
    );
    // Publishing asks for the partner's statement: shown, and accepted by a required tick.
    const shown = screen.getByRole('region', {
      name: messages.statementHeading('PracticeLink Referrals'),
    });
    expect(
      await within(shown).findByText(
        'PracticeLink uses your details only to validate claims (version 1).',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: messages.save }));
    expect(await screen.findByText(messages.acceptRequired)).toBeVisible();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    // Focus goes to the tick the error is about.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('checkbox', { name: messages.acceptLabel('PracticeLink Referrals', 1) }),
      ),
    );
    await user.click(
      screen.getByRole('checkbox', { name: messages.acceptLabel('PracticeLink Referrals', 1) }),
    );
    expect(screen.queryByText(messages.acceptRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messages.save }));
    expect(await screen.findByText(messages.added('PracticeLink Referrals'))).toBeVisible();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      partnerServiceId: practiceLinkId,
      publish: true,
      sharePersonalContact: false,
      acceptInformationUseStatementId: practiceLinkV1.id,
    });
  });

  it('asks nothing when not publishing, and names the practitioner a delegate accepts for', async () => {
    const user = userEvent.setup();
    const requests = serve({
      [`GET ${paths.list}`]: () => json(listOf([medifund()], { managing: true })),
      [`GET ${paths.availablePartners}`]: available,
      [`POST ${paths.list}`]: () => json(medifund(), 201),
    });
    renderApp('/practitioner/publish/add');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /Partner service/ }),
      'PracticeLink Referrals',
    );
    expect(
      screen.getByRole('checkbox', {
        name: messages.acceptLabelManaging('PracticeLink Referrals', 1, 'Alice Nguyen'),
      }),
    ).not.toBeChecked();
    await user.click(
      screen.getByRole('checkbox', { name: messages.publishLabelManaging('Alice Nguyen') }),
    );
    expect(
      screen.queryByRole('region', { name: messages.statementHeading('PracticeLink Referrals') }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messages.save }));
    await screen.findByText(messages.added('PracticeLink Referrals'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      partnerServiceId: practiceLinkId,
      publish: false,
      sharePersonalContact: false,
    });
  });
});

describe('a partner that published a newer statement', () => {
  const paused = () =>
    medifund({
      partner: { ...medifund().partner, latestStatement: medifundV2 },
      needsAcceptance: true,
    });

  it('is named on the list as paused, with a way to accept it', async () => {
    serve({ [`GET ${paths.list}`]: () => json(listOf([paused()])) });
    renderApp('/practitioner/publish');
    expect(await screen.findByText(messages.pausedAlertTitle(1))).toBeVisible();
    const cards = screen.getByRole('list', { name: 'Partner services' });
    expect(within(cards).getByText(messages.needsAcceptance)).toBeVisible();
    expect(
      within(cards).getByRole('link', {
        name: `${messages.acceptAgain} MediFund Health Insurance`,
      }),
    ).toHaveAttribute('href', `/practitioner/publish/edit?partnerServiceId=${medifundId}`);
  });

  it('shows the new statement on Edit and sends its id once ticked', async () => {
    const user = userEvent.setup();
    const requests = serve({
      [`GET ${paths.list}`]: () => json(listOf([paused()])),
      [`PUT ${paths.list}/${medifundId}`]: () => json(medifund()),
    });
    renderApp(`/practitioner/publish/edit?partnerServiceId=${medifundId}`);
    const shown = await screen.findByRole('region', {
      name: messages.statementHeading('MediFund Health Insurance'),
    });
    expect(await within(shown).findByText('Version 2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: messages.save }));
    expect(await screen.findByText(messages.acceptRequired)).toBeVisible();
    await user.click(
      screen.getByRole('checkbox', {
        name: messages.acceptLabel('MediFund Health Insurance', 2),
      }),
    );
    await user.click(screen.getByRole('button', { name: messages.save }));
    expect(await screen.findByText(messages.updated('MediFund Health Insurance'))).toBeVisible();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      publish: true,
      sharePersonalContact: false,
      acceptInformationUseStatementId: medifundV2.id,
    });
  });
});

describe('editing a partner', () => {
  it('shares personal contact details once requested, and says so on the list', async () => {
    const user = userEvent.setup();
    const requests = serve({
      [`GET ${paths.list}`]: () => json(listOf([medifund()])),
      [`PUT ${paths.list}/${medifundId}`]: () => json(medifund({ sharePersonalContact: true })),
    });
    renderApp(`/practitioner/publish/edit?partnerServiceId=${medifundId}`);
    const share = await screen.findByRole('checkbox', { name: messages.shareLabel });
    expect(share).toBeEnabled();
    await user.click(share);
    await user.click(screen.getByRole('button', { name: messages.save }));
    expect(await screen.findByText(messages.updated('MediFund Health Insurance'))).toBeVisible();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      publish: true,
      sharePersonalContact: true,
    });
  });

  it('asks before removing a partner service; Cancel keeps it, the confirmation removes it', async () => {
    const user = userEvent.setup();
    const requests = serve({
      [`GET ${paths.list}`]: () => json(listOf([medifund()])),
      [`DELETE ${paths.list}/${medifundId}`]: () => new Response(null, { status: 204 }),
    });
    renderApp(`/practitioner/publish/edit?partnerServiceId=${medifundId}`);
    await user.click(await screen.findByRole('button', { name: messages.remove }));
    let dialog = screen.getByRole('dialog', {
      name: messages.removeTitle('MediFund Health Insurance'),
    });
    expect(dialog).toHaveTextContent(messages.removeWarning('MediFund Health Insurance'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: messages.remove }));
    dialog = screen.getByRole('dialog', {
      name: messages.removeTitle('MediFund Health Insurance'),
    });
    await user.click(within(dialog).getByRole('button', { name: messages.removeConfirm }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Publishing settings' }),
    ).toBeVisible();
  });

  it("keeps sharing off for a delegate without consent, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    serve({
      [`GET ${paths.list}`]: () =>
        json(listOf([medifund()], { managing: true, mayChangePersonalContactSharing: false })),
      [`PUT ${paths.list}/${medifundId}`]: () =>
        new Response(
          JSON.stringify({
            type: '/problems/conflict',
            title: 'Conflict',
            status: 409,
            detail: messages.personalContactNotRequested,
          }),
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    renderApp(`/practitioner/publish/edit?partnerServiceId=${medifundId}`);
    // A delegate chooses for the practitioner: the choices name her, not "my".
    expect(
      await screen.findByRole('checkbox', { name: messages.shareLabelManaging('Alice Nguyen') }),
    ).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: messages.shareLabel })).toBeNull();
    expect(screen.getByText(messages.consentMissingHint)).toBeVisible();
    await user.click(
      screen.getByRole('checkbox', { name: messages.publishLabelManaging('Alice Nguyen') }),
    );
    await user.click(screen.getByRole('button', { name: messages.save }));
    await waitFor(() =>
      expect(screen.getByText(messages.personalContactNotRequested)).toBeVisible(),
    );
  });

  it.each([
    ['an unknown partnerServiceId', `?partnerServiceId=${practiceLinkId}`],
    ['no partnerServiceId', ''],
  ])(
    'given %s, says the partner service is not in the settings, under the page h1',
    async (_, search) => {
      serve({ [`GET ${paths.list}`]: () => json(listOf([medifund()])) });
      renderApp(`/practitioner/publish/edit${search}`);
      expect(await screen.findByText(messages.notFound)).toBeVisible();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(messages.editTitle);
      expect(screen.getByRole('heading', { name: messages.notFoundTitle })).toBeVisible();
    },
  );

  it('has its h1 while loading, and then with the form', async () => {
    const held = heldReply();
    serve({ [`GET ${paths.list}`]: held.reply });
    renderApp(`/practitioner/publish/edit?partnerServiceId=${medifundId}`);
    expect(await screen.findByText(messages.loading)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(messages.editTitle);
    held.release(json(listOf([medifund()])));
    expect(await screen.findByRole('button', { name: messages.save })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(messages.editTitle);
  });

  it('has its h1 when the settings cannot be loaded', async () => {
    serve({
      [`GET ${paths.list}`]: () =>
        problem(403, practitionerPublicationProblemTypes.noPractitioner, 'Forbidden'),
    });
    renderApp(`/practitioner/publish/edit?partnerServiceId=${medifundId}`);
    expect(
      await screen.findByText('You do not have access to your publishing settings'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(messages.editTitle);
  });
});
