import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { endpointApiPaths, type EndpointList } from '@pca/contracts';
import { Core } from '@pca/ui/primitives/core.ts';
import { ConfigProvider } from '#lib/config.tsx';
import { setSessionToken } from '#lib/session-token.ts';
import { endpointsTab } from '#lib/business/endpoints-tab.tsx';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { testConfig } from '../../test/test-config.ts';

// A location's Endpoints tab (docs/decisions/085-location-endpoints.md): the shared tab, on the location's paths.

const locationId = '5a0c0000-0000-4000-8000-0000000000a1';
const listPath = endpointApiPaths.location.replace(':id', locationId);
const existing = {
  id: '5a0c0000-0000-4000-8000-0000000000e1',
  name: 'Surry Hills Clinic FHIR server',
  connectionType: 'hl7-fhir-rest',
  payloadType: 'http://ns.hl7.org.au/hl7v2/profiles/HL7AU-OO-REF-SIMPLIFIED-201706',
  payloadMimeTypes: ['application/fhir+json'],
  address: 'https://fhir.example.com.au/surry-hills',
  status: 'active' as const,
};

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Providers = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <Core>
        <ConfigProvider config={testConfig}>{children}</ConfigProvider>
      </Core>
    </QueryClientProvider>
  );
  render(<>{endpointsTab('location', locationId).content}</>, { wrapper: Providers });
}

afterEach(() => vi.unstubAllGlobals());

describe('a location’s Endpoints tab', () => {
  it('lists the location’s endpoints and adds one to the location', async () => {
    setSessionToken('tok');
    let list: EndpointList = { endpoints: [existing], canEdit: true };
    const requests = installFakeServer({
      [`GET ${listPath}`]: () => json(list),
      [`POST ${listPath}`]: (request) => {
        const added = {
          ...(request.body as typeof existing),
          id: '5a0c0000-0000-4000-8000-0000000000e2',
        };
        list = { ...list, endpoints: [...list.endpoints, added] };
        return json(added, 201);
      },
    });
    const user = userEvent.setup();
    renderTab();
    expect(await screen.findByText(/Where partners’ systems reach this location/)).toBeVisible();
    expect(screen.getAllByText('Surry Hills Clinic FHIR server').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Add an endpoint' }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Clinic secure messaging');
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Connection type/ }),
      'Sealed Message Delivery',
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: /What it receives/ }),
      'HL7 V2.3.1 MDM eReferral',
    );
    const formats = screen.getByRole('group', { name: /Formats it accepts/ });
    await user.click(within(formats).getByRole('checkbox', { name: /HL7 version 2 messages/ }));
    await user.type(
      screen.getByRole('textbox', { name: /^Address/ }),
      'https://smd.example.com.au/clinic',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe(listPath);
    expect(post.body).toEqual({
      name: 'Clinic secure messaging',
      connectionType: 'http://ns.electronichealth.net.au/smd/intf/SealedMessageDelivery/TLS/2010',
      payloadType: 'http://ns.electronichealth.net.au/er/sc/deliver/hl7Mdm/2012',
      payloadMimeTypes: ['application/hl7-v2'],
      address: 'https://smd.example.com.au/clinic',
      status: 'active',
    });
    expect(await screen.findByText('Endpoint Clinic secure messaging saved')).toBeVisible();
  });

  it('shows the endpoints without changes to those who may not edit the location', async () => {
    setSessionToken('tok');
    installFakeServer({
      [`GET ${listPath}`]: () => json({ endpoints: [existing], canEdit: false }),
    });
    renderTab();
    expect((await screen.findAllByText('Surry Hills Clinic FHIR server')).length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByRole('button', { name: 'Add an endpoint' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit Surry Hills/ })).toBeNull();
  });
});
