import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HealthcareServiceDetail, OrganisationLocation } from '@pca/contracts';
import { pages } from '@pca/contracts/pages.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';
import { harbourId, organisationDetail } from '../../../test/demo-world.ts';

const id = '4b5c6d7e-8f9a-4b0c-9d1e-2f3a4b5c6d7e';
const locationId = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f';
const service = (overrides: Partial<HealthcareServiceDetail> = {}): HealthcareServiceDetail => ({
  id,
  organisation: {
    id: '6d7e8f9a-0b1c-4d2e-9f3a-4b5c6d7e8f9a',
    name: 'Harbour Medical Centre Surry Hills',
    type: 'HiOrganisation',
  },
  location: { id: locationId, name: 'Surry Hills Clinic', address: '120 Crown Street' },
  name: 'Harbour General Practice Surry Hills',
  serviceType: 'General practice',
  specialty: '',
  description: '',
  startDate: '2024-03-04',
  endDate: '',
  isActive: true,
  phone: '02 9123 4567',
  afterHoursPhone: '',
  email: '',
  fax: '',
  website: '',
  suppressEmail: false,
  suppressPhone: false,
  openingHours: [{ day: 'mon', allDay: false, ranges: [{ opens: '08:00', closes: '18:00' }] }],
  languages: [],
  billing: [],
  effectiveRoles: ['OrganisationManager'],
  canEdit: true,
  locationOptions: [
    {
      id: locationId,
      name: 'Surry Hills Clinic',
      kind: 'physical',
      address: '120 Crown Street',
      isActive: true,
    },
  ],
  practitioners: [],
  ...overrides,
});

function serve(detail: HealthcareServiceDetail) {
  setSessionToken('tok');
  return installFakeServer({
    'GET /api/me': () => json(testUser()),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    [`GET /api/healthcare-services/${id}`]: () => json(detail),
    [`PATCH /api/healthcare-services/${id}`]: () => json(detail),
    'GET /api/terminology/concepts': (r) =>
      json({
        concepts: r.path.endsWith('clinical-specialty')
          ? [
              {
                id: '0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d',
                valueSet: 'clinical-specialty',
                system: 'http://snomed.info/sct',
                code: '394582007',
                display: 'Dermatology',
              },
            ]
          : [],
      }),
  });
}

// The first load of a lazy page can take many seconds on a busy machine (a wait ends as soon as it passes).
const lazy = { timeout: 30_000 };

describe('HealthcareServicePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a viewer the details and opening hours without edit controls', async () => {
    serve(service({ canEdit: false, effectiveRoles: ['Viewer'] }));
    renderApp(`/healthcare-service/${id}`);
    const panel = await screen.findByRole('tabpanel', { name: 'Details' }, lazy);
    expect(panel).toHaveTextContent('02 9123 4567');
    expect(panel).toHaveTextContent('08:00 to 18:00');
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('refuses overlapping time ranges before sending the edit', async () => {
    const requests = serve(service());
    renderApp(`/healthcare-service/${id}`);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit healthcare service' }, lazy),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add Monday time range' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Time ranges on the same day must not overlap')).toBeVisible();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  }, 30_000);

  it('shows the specialty, and saves one chosen from the terminology (docs/decisions/077-specialties.md)', async () => {
    const requests = serve(service());
    renderApp(`/healthcare-service/${id}`);
    const panel = await screen.findByRole('tabpanel', { name: 'Details' }, lazy);
    expect(within(panel).getByText('Specialty')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Edit healthcare service' }));
    await userEvent.type(screen.getByRole('combobox', { name: /^Specialty/ }), 'derm');
    await userEvent.click(await screen.findByRole('option', { name: 'Dermatology' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({
      specialty: 'Dermatology',
    });
  }, 30_000);

  it('shows the languages spoken and billing, and saves them picked by keyboard and ticked (docs/decisions/078-languages-and-billing.md)', async () => {
    const requests = serve(service({ languages: ['vi'], billing: ['MIX'] }));
    renderApp(`/healthcare-service/${id}`);
    const panel = await screen.findByRole('tabpanel', { name: 'Details' }, lazy);
    expect(panel).toHaveTextContent('Vietnamese');
    expect(panel).toHaveTextContent('Mixed billing');
    await userEvent.click(screen.getByRole('button', { name: 'Edit healthcare service' }));
    const languages = screen.getByRole('combobox', { name: /^Languages spoken/ });
    await userEvent.type(languages, 'gre');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Greek' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Vietnamese' }));
    const billing = screen.getByRole('group', { name: /^Billing/ });
    await userEvent.click(within(billing).getByRole('checkbox', { name: 'Bulk billing only' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({
      languages: ['el'],
      billing: ['MIX', 'BBO'],
    });
  }, 30_000);
  it("moves focus to the form's heading on Edit, back to Edit on Cancel, and to the saved message after a save", async () => {
    serve(service());
    const user = userEvent.setup();
    renderApp(`/healthcare-service/${id}`);
    await user.click(await screen.findByRole('button', { name: 'Edit healthcare service' }, lazy));
    const form = screen.getByRole('form', { name: 'Edit healthcare service' });
    expect(document.activeElement).toBe(
      within(form).getByRole('heading', { name: 'Edit healthcare service' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Edit healthcare service' }),
    );

    await user.click(screen.getByRole('button', { name: 'Edit healthcare service' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const saved = await screen.findByText('Healthcare service saved');
    await waitFor(() => expect(document.activeElement).toBe(saved.closest('[tabindex="-1"]')));
  }, 30_000);
});

describe('Add a healthcare service (docs/decisions/098-service-locations-of-the-organisation.md)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const surryHillsOrgId = '6d7e8f9a-0b1c-4d2e-9f3a-4b5c6d7e8f9a';
  const hiOrganisation = {
    id: surryHillsOrgId,
    name: 'Harbour Medical Centre Surry Hills',
    hpio: '8003621566684455',
    status: 'Active' as const,
  };
  const location = (name: string, organisationId: string, id: string): OrganisationLocation => ({
    id,
    organisationId,
    name,
    kind: 'physical',
    address: '120 Crown Street',
    isActive: true,
  });
  // Harbour's page lists its HI organisation's location too; the server takes only Harbour's own.
  const surryHillsClinic = location('Surry Hills Clinic', surryHillsOrgId, locationId);
  const headOffice = location(
    'Harbour Head Office',
    harbourId,
    '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b',
  );

  function serveHarbour(locations: OrganisationLocation[]) {
    setSessionToken('tok');
    return installFakeServer({
      'GET /api/me': () => json(testUser()),
      'GET /api/me/organisations': () => json({ organisations: [] }),
      [`GET /api/organisations/${harbourId}`]: () =>
        json(organisationDetail({ hiOrganisations: [hiOrganisation], locations })),
    });
  }

  it("offers only the organisation's own locations", async () => {
    serveHarbour([headOffice, surryHillsClinic]);
    renderApp(pages.healthcareServices.add.href({ organisationId: harbourId }));
    const select = await screen.findByRole('combobox', { name: /^Location/ }, lazy);
    expect(within(select).getByRole('option', { name: /Harbour Head Office/ })).toBeInTheDocument();
    expect(within(select).queryByRole('option', { name: /Surry Hills Clinic/ })).toBeNull();
  }, 30_000);

  it('says when the organisation has no location of its own, with the ways forward', async () => {
    serveHarbour([surryHillsClinic]);
    renderApp(pages.healthcareServices.add.href({ organisationId: harbourId }));
    expect(await screen.findByText('This organisation has no locations', {}, lazy)).toBeVisible();
    expect(
      screen.getByRole('link', {
        name: 'Add a healthcare service to Harbour Medical Centre Surry Hills',
      }),
    ).toHaveAttribute(
      'href',
      pages.healthcareServices.add.href({ organisationId: surryHillsOrgId }),
    );
    expect(
      screen.getByRole('link', { name: 'Add a location to this organisation' }),
    ).toHaveAttribute('href', pages.locations.add.href({ organisationId: harbourId }));
    expect(screen.queryByRole('combobox', { name: /^Location/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  }, 30_000);
});
