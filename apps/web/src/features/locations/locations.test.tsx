import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { localityApiPaths } from '@pca/contracts/localities.ts';
import type { LocationDetail, LocationInput } from '@pca/contracts';
import { Core } from '@pca/ui/primitives/core.ts';
import { ConfigProvider } from '#lib/config.tsx';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';
import { testConfig } from '../../test/test-config.ts';
import { formValuesOf, LocationForm } from './components/location-form.tsx';
import { surryHillsLocality } from '../../test/demo-world.ts';

// The location form's amenities, postal address and map position
// (docs/decisions/079-location-amenities-postal-position.md).

const clinic: LocationInput = {
  ...formValuesOf(null),
  name: 'Surry Hills Clinic',
  addressLine: '120 Crown Street',
  locality: 'Surry Hills',
  postcode: '2010',
  state: 'NSW',
};

function renderForm(defaultValues: LocationInput) {
  const onSubmit = vi.fn();
  const Providers = ({ children }: { children: ReactNode }) => (
    <Core>
      <ConfigProvider config={testConfig}>{children}</ConfigProvider>
    </Core>
  );
  render(
    <LocationForm
      heading="Edit location"
      defaultValues={defaultValues}
      onSubmit={onSubmit}
      onCancel={() => {}}
      saving={false}
      serverError={null}
    />,
    { wrapper: Providers },
  );
  return onSubmit;
}

afterEach(() => vi.unstubAllGlobals());

describe('the location form', () => {
  it('fills the map position with the suburb’s centre, which the person can then correct', async () => {
    setSessionToken('tok');
    const requests = installFakeServer({
      [`GET ${localityApiPaths.search}`]: () => json({ localities: [surryHillsLocality()] }),
    });
    const user = userEvent.setup();
    const onSubmit = renderForm(clinic);
    const position = screen.getByRole('group', { name: /Map position/ });
    await user.click(within(position).getByRole('button', { name: 'Use the suburb’s centre' }));
    const latitude = within(position).getByRole('textbox', { name: /Latitude/ });
    const longitude = within(position).getByRole('textbox', { name: /Longitude/ });
    await waitFor(() => expect(latitude).toHaveValue('-33.88447'));
    expect(longitude).toHaveValue('151.21001');
    expect(requests.at(-1)!.path).toBe(`${localityApiPaths.search}?q=Surry%20Hills%202010`);
    expect(within(position).getByRole('status')).toHaveTextContent(
      'Filled with the centre of Surry Hills NSW 2010',
    );

    // Swapped by mistake: a warning, not a refusal.
    await user.clear(latitude);
    await user.type(latitude, '151.2118');
    await user.clear(longitude);
    await user.type(longitude, '-33.8836');
    expect(screen.getByText('This position is outside mainland Australia')).toBeInTheDocument();
    await user.clear(latitude);
    await user.type(latitude, '-33.8836');
    await user.clear(longitude);
    await user.type(longitude, '151.2118');
    expect(screen.queryByText('This position is outside mainland Australia')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      latitude: '-33.8836',
      longitude: '151.2118',
    });
  });

  it('saves the amenities ticked, and asks for the rest of a postal address once one is begun', async () => {
    setSessionToken('tok');
    installFakeServer({});
    const user = userEvent.setup();
    const onSubmit = renderForm({ ...clinic, amenities: ['parkingPaid'] });
    const amenities = screen.getByRole('group', { name: /Amenities/ });
    await user.click(within(amenities).getByRole('checkbox', { name: 'Wheelchair access' }));
    await user.click(within(amenities).getByRole('checkbox', { name: 'Paid parking' }));

    await user.type(screen.getByRole('textbox', { name: /Postal address/ }), 'PO Box 512');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Select a suburb or postcode')).not.toHaveLength(0);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByRole('textbox', { name: /Postal address/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      amenities: ['wheelchairAccess'],
      postalAddressLine: '',
    });
  });
  it('lists the errors in the summary in the order of their fields on the page', async () => {
    setSessionToken('tok');
    installFakeServer({});
    const user = userEvent.setup();
    renderForm(clinic);
    await user.type(screen.getByRole('textbox', { name: /Postal address/ }), 'PO Box 512');
    await user.type(screen.getByRole('textbox', { name: /Latitude/ }), '151.2118');
    await user.type(screen.getByRole('textbox', { name: /Longitude/ }), '-33.8836');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = (await screen.findByText('There is a problem')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    const links = within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent);
    // The postal suburb comes before the map position on the page, so its error does too.
    expect(links).toEqual(['Select a suburb or postcode', 'Enter a latitude between -90 and 90']);
  });
});

const locationId = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f';
const surryHillsClinic: LocationDetail = {
  id: locationId,
  organisation: {
    id: '6d7e8f9a-0b1c-4d2e-9f3a-4b5c6d7e8f9a',
    name: 'Harbour Medical Centre Surry Hills',
    type: 'HiOrganisation',
  },
  name: 'Surry Hills Clinic',
  kind: 'physical',
  addressLine: '120 Crown Street',
  locality: 'Surry Hills',
  postcode: '2010',
  state: 'NSW',
  amenities: [],
  postalAddressLine: '',
  postalLocality: '',
  postalPostcode: '',
  postalState: '',
  latitude: null,
  longitude: null,
  phone: '',
  afterHoursPhone: '',
  email: '',
  fax: '',
  website: '',
  suppressEmail: false,
  suppressPhone: false,
  isActive: true,
  canEdit: true,
  healthcareServices: [],
};

describe('the location page', () => {
  it("moves focus to the form's heading on Edit location, and back to Edit location on Cancel", async () => {
    setSessionToken('tok');
    installFakeServer({
      'GET /api/me': () => json(testUser()),
      'GET /api/me/organisations': () => json({ organisations: [] }),
      [`GET /api/locations/${locationId}`]: () => json(surryHillsClinic),
    });
    const user = userEvent.setup();
    renderApp(`/location/${locationId}`);
    await user.click(
      await screen.findByRole('button', { name: 'Edit location' }, { timeout: 30_000 }),
    );
    const form = screen.getByRole('form', { name: 'Edit location' });
    expect(document.activeElement).toBe(
      within(form).getByRole('heading', { name: 'Edit location' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit location' }));
  }, 40_000);

  it('offers Try again when the location failed to load, and shows it once it loads', async () => {
    setSessionToken('tok');
    let failing = true;
    installFakeServer({
      'GET /api/me': () => json(testUser()),
      'GET /api/me/organisations': () => json({ organisations: [] }),
      [`GET /api/locations/${locationId}`]: () =>
        failing
          ? json({ type: 'about:blank', title: 'Internal Server Error', status: 500 }, 500)
          : json(surryHillsClinic),
    });
    const user = userEvent.setup();
    renderApp(`/location/${locationId}`);
    const tryAgain = await screen.findByRole('button', { name: 'Try again' }, { timeout: 30_000 });
    failing = false;
    await user.click(tryAgain);
    expect(
      await screen.findByRole('button', { name: 'Edit location' }, { timeout: 30_000 }),
    ).toBeVisible();
  }, 40_000);
});
