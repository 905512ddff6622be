import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hpiiSearchMessages } from '@pca/contracts/practitioners.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, type RecordedRequest } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';

const harbourId = '5a0b0c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const serviceId = '7c2d3e4f-5061-4b7c-8d9e-0f1a2b3c4d5e';
const ISLA = '8003611860913908';

/** Alice, OrganisationManager of Harbour, on Add practitioner; the HI Service matches Isla Brown only. */
function serve(search: (request: RecordedRequest) => Response = matchIslaBrown) {
  setSessionToken('tok');
  return installFakeServer({
    'GET /api/me': () =>
      json(
        testUser({
          roles: [
            { type: 'OrganisationManager', organisationId: harbourId, healthcareServiceId: null },
          ],
        }),
      ),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    'GET /api/practitioner-roles/options': () =>
      json({
        healthcareServices: [
          {
            id: serviceId,
            name: 'Harbour Telehealth GP',
            organisationId: harbourId,
            organisationName: 'Harbour Telehealth',
            isActive: true,
          },
        ],
        roleTypes: ['General practitioner', 'Physiotherapist'],
      }),
    'POST /api/practitioners/hi-service/search': search,
    'POST /api/practitioner-roles': () => json({}, 201),
    'GET /api/terminology/concepts': () =>
      json({
        concepts: [
          {
            id: '0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d',
            valueSet: 'clinical-specialty',
            system: 'http://snomed.info/sct',
            code: '722138006',
            display: 'Physiotherapy',
          },
        ],
      }),
  });
}

function matchIslaBrown(request: RecordedRequest) {
  const body = request.body as { hpii: string; familyName: string; givenName: string };
  return json({
    match:
      body.hpii === ISLA &&
      body.familyName.toLowerCase() === 'brown' &&
      body.givenName.toLowerCase() === 'isla',
  });
}

const searches = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path === '/api/practitioners/hi-service/search');

async function fillSearch(
  user: ReturnType<typeof userEvent.setup>,
  values: { hpii?: string; familyName?: string; givenName?: string },
) {
  const form = await screen.findByRole('form', { name: 'Find by HPI-I' });
  for (const [label, value] of [
    ['HPI-I number', values.hpii],
    ['Family name', values.familyName],
    ['Given name', values.givenName],
  ] as const) {
    const field = within(form).getByLabelText(new RegExp(`^${label}`));
    await user.clear(field);
    if (value) await user.type(field, value);
  }
  await user.click(within(form).getByRole('button', { name: 'Search HPI-I' }));
  return form;
}

describe('Add practitioner: find by HPI-I (docs/decisions/055-hpii-lookup-and-managing-powers.md)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the number and both names before searching, each in its own words', async () => {
    const user = userEvent.setup();
    const requests = serve();
    renderApp('/practitioner-role/add');
    await fillSearch(user, {});
    const summary = await screen.findByRole('alert');
    for (const message of [
      hpiiSearchMessages.hpiiRequired,
      hpiiSearchMessages.familyNameRequired,
      hpiiSearchMessages.givenNameRequired,
    ])
      expect(within(summary).getByRole('link', { name: message })).toBeInTheDocument();

    await fillSearch(user, { hpii: '8003611860913909', familyName: 'Brown', givenName: 'Isla' });
    expect(
      await screen.findByRole('link', { name: hpiiSearchMessages.hpiiCheckDigit }),
    ).toBeInTheDocument();
    expect(searches(requests)).toEqual([]);
  });

  it('says no match, and nothing else, when the HI Service does not hold the number for the names', async () => {
    const user = userEvent.setup();
    const requests = serve();
    renderApp('/practitioner-role/add');
    await fillSearch(user, { hpii: ISLA, familyName: 'Nguyen', givenName: 'Isla' });
    expect(await screen.findByText(hpiiSearchMessages.noMatch)).toBeInTheDocument();
    expect(screen.getByText(hpiiSearchMessages.noMatchTitle)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Choose / })).toBeNull();
    expect(searches(requests).map((r) => r.body)).toEqual([
      { hpii: ISLA, familyName: 'Nguyen', givenName: 'Isla' },
    ]);
    // Editing the search makes the answer stale.
    await user.type(screen.getByLabelText(/^Family name/), 'x');
    await waitFor(() => expect(screen.queryByText(hpiiSearchMessages.noMatch)).toBeNull());
  });

  it('on a match offers the names the user typed, and adds the role with the number and those names', async () => {
    const user = userEvent.setup();
    const requests = serve();
    const { router } = renderApp('/practitioner-role/add');
    await fillSearch(user, { hpii: ISLA, familyName: ' Brown ', givenName: 'Isla' });
    expect(
      await screen.findByText(hpiiSearchMessages.match(ISLA, 'Isla Brown')),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose Isla Brown' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Brown, Isla' })).toBeVisible();
    await user.selectOptions(screen.getByLabelText(/^Role/), 'Physiotherapist');
    // The specialty is picked from the terminology's clinical-specialty concepts (decision 077).
    await user.type(screen.getByRole('combobox', { name: /^Specialty/ }), 'physio');
    await user.click(await screen.findByRole('option', { name: 'Physiotherapy' }));
    // Languages offered in the role are picked from the list by keyboard (decision 078).
    await user.type(screen.getByRole('combobox', { name: /^Languages spoken/ }), 'ital');
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add practitioner' }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'POST' && r.path === '/api/practitioner-roles'),
      ).toBe(true),
    );
    const created = requests.find((r) => r.path === '/api/practitioner-roles')!.body;
    expect(created).toMatchObject({
      practitionerId: null,
      hiService: { hpii: ISLA, familyName: 'Brown', givenName: 'Isla' },
      healthcareServiceId: serviceId,
      primaryType: 'Physiotherapist',
      specialty: 'Physiotherapy',
      languages: ['it'],
    });
    // Back on the list, which says what was added.
    await waitFor(() => expect(router.state.location.pathname).toBe('/practitioners'));
    expect(router.state.location.state).toEqual({
      outcome: 'added',
      practitioner: 'Isla Brown',
      service: 'Harbour Telehealth GP',
    });
  });

  it('takes when the practitioner is available in the role: set times and 24 hours, a closing time before opening refused at the field (decision 080)', async () => {
    const user = userEvent.setup();
    const requests = serve();
    renderApp('/practitioner-role/add');
    await fillSearch(user, { hpii: ISLA, familyName: 'Brown', givenName: 'Isla' });
    await user.click(await screen.findByRole('button', { name: 'Choose Isla Brown' }));
    await user.selectOptions(await screen.findByLabelText(/^Role/), 'General practitioner');
    const hours = screen.getByRole('group', {
      name: /When this practitioner is available in this role/,
    });
    await user.selectOptions(within(hours).getByLabelText(/^Monday hours/), 'hours');
    const closes = within(hours).getByLabelText(/^Monday closes/);
    await user.clear(closes);
    await user.type(closes, '08:00');
    await user.click(screen.getByRole('button', { name: 'Add practitioner' }));
    expect(
      await screen.findByRole('link', {
        name: 'Monday: closing time must be after opening time. For hours past midnight, close at 23:59 and add the rest to the next day.',
      }),
    ).toBeInTheDocument();
    await user.clear(closes);
    await user.type(closes, '12:00');
    await user.selectOptions(within(hours).getByLabelText(/^Sunday hours/), 'allDay');
    await user.click(screen.getByRole('button', { name: 'Add practitioner' }));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/practitioner-roles')).toBe(true),
    );
    const created = requests.find((r) => r.path === '/api/practitioner-roles')!.body as {
      availableTime: Array<{ day: string; allDay: boolean; ranges: unknown[] }>;
    };
    expect(created.availableTime.find((d) => d.day === 'mon')).toEqual({
      day: 'mon',
      allDay: false,
      ranges: [{ opens: '09:00', closes: '12:00' }],
    });
    expect(created.availableTime.find((d) => d.day === 'sun')).toEqual({
      day: 'sun',
      allDay: true,
      ranges: [],
    });
  });

  it('says how long to wait after too many searches', async () => {
    const user = userEvent.setup();
    serve(
      () =>
        new Response(
          JSON.stringify({
            type: '/problems/rate-limited',
            title: 'Too many requests',
            status: 429,
            detail: 'Too many HPI-I searches. Please wait 10 minutes and try again.',
          }),
          {
            status: 429,
            headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '600' },
          },
        ),
    );
    renderApp('/practitioner-role/add');
    await fillSearch(user, { hpii: ISLA, familyName: 'Brown', givenName: 'Isla' });
    expect(await screen.findByText('Too many HPI-I searches')).toBeInTheDocument();
    expect(
      screen.getByText('Too many HPI-I searches. Please wait 10 minutes and try again.'),
    ).toBeInTheDocument();
  });
});
