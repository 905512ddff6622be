import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PartnerPublicationList, PartnerPublicationView } from '@pca/contracts';
import { Core } from '@pca/ui/primitives/core.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { PartnerPublications } from './partner-publications.tsx';

const gp = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const harbour = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const medifundId = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
const nhsdId = '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e';
const path = `/api/publications/healthcare-service/${gp}/partners`;

const medifund: PartnerPublicationView = {
  partner: { id: medifundId, code: 'medifund', name: 'MediFund Health Insurance', role: 'payer' },
  latestStatement: {
    id: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b',
    version: 1,
    title: 'MediFund Health Insurance information use statement (version 1)',
    content: 'MediFund uses the details you publish only to validate claims.',
  },
  own: null,
  inherited: null,
  needsLatestAcceptance: false,
};
const nhsd: PartnerPublicationView = {
  partner: {
    id: nhsdId,
    code: 'nhsd',
    name: 'National Health Services Directory',
    role: 'directory',
  },
  latestStatement: {
    id: '4f5a6b7c-8d9e-4f0a-9b1c-2d3e4f5a6b7c',
    version: 2,
    title: 'National Health Services Directory information use statement (version 2)',
    content: 'The directory lists your services.',
  },
  own: null,
  inherited: {
    publish: true,
    publishFuturePractitioners: true,
    acceptedVersion: 1,
    acceptedBy: null,
    acceptedAt: '2025-01-28T00:00:00.000Z',
    from: { level: 'organisation', id: harbour, name: 'Harbour Medical Group' },
  },
  needsLatestAcceptance: true,
};
const list = (canEdit: boolean, partners = [medifund, nhsd]): PartnerPublicationList => ({
  level: 'healthcare-service',
  entityId: gp,
  organisationId: harbour,
  canEdit,
  partners,
});

function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  return (
    <Core>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </Core>
  );
}

const show = () =>
  render(<PartnerPublications level="healthcare-service" id={gp} />, { wrapper: Providers });

describe('PartnerPublications', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('publishing asks to read and accept the statement, then saves with the accepted version', async () => {
    setSessionToken('tok');
    const published: PartnerPublicationView = {
      ...medifund,
      own: {
        publish: true,
        publishFuturePractitioners: false,
        acceptedVersion: 1,
        acceptedBy: 'Alice Nguyen',
        acceptedAt: '2026-11-24T09:00:00.000Z',
      },
    };
    const requests = installFakeServer({
      [`GET ${path}`]: () => json(list(true)),
      [`PUT ${path}/${medifundId}`]: () => json(list(true, [published, nhsd])),
    });
    show();
    const toggle = await screen.findByRole('switch', {
      name: 'Publish to MediFund Health Insurance',
    });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', {
      name: 'MediFund Health Insurance information use statement (version 1)',
    });
    // The statement is rich text, shown once the sanitiser's chunk has loaded (lib/rich-text.tsx).
    await waitFor(() => expect(dialog).toHaveTextContent('only to validate claims'));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept and publish' }));
    expect(
      await screen.findByText('Your publication choices for MediFund Health Insurance are saved.'),
    ).toBeVisible();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      publish: true,
      publishFuturePractitioners: false,
      acceptInformationUseStatementId: medifund.latestStatement.id,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(/version 1 accepted by Alice Nguyen/)).toBeVisible();
    expect(
      screen.getByRole('switch', { name: 'Publish to MediFund Health Insurance' }),
    ).toBeChecked();
  });

  it('shows where an inherited choice comes from and offers the latest version to accept', async () => {
    setSessionToken('tok');
    installFakeServer({ [`GET ${path}`]: () => json(list(true)) });
    show();
    expect(
      await screen.findByText('Published: inherited from the organisation Harbour Medical Group'),
    ).toBeVisible();
    expect(
      screen.getByText(
        'National Health Services Directory has a new information use statement (version 2)',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Accept the latest version' }));
    expect(
      await screen.findByRole('dialog', {
        name: 'National Health Services Directory information use statement (version 2)',
      }),
    ).toBeVisible();
  });

  it('turning publication off saves at once; a refusal shows the problem’s detail in an error alert', async () => {
    setSessionToken('tok');
    installFakeServer({
      [`GET ${path}`]: () => json(list(true)),
      [`PUT ${path}/${nhsdId}`]: () =>
        new Response(
          JSON.stringify({
            type: '/problems/forbidden',
            title: 'Forbidden',
            status: 403,
            detail: 'Only a manager of this entity can change what it publishes.',
          }),
          { status: 403, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    show();
    const toggle = await screen.findByRole('switch', {
      name: 'Publish to National Health Services Directory',
    });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    const alert = (await screen.findByText('Your changes could not be saved. Try again.')).closest(
      '[role="alert"]',
    );
    expect(alert).not.toBeNull();
    expect(alert).toHaveTextContent('Only a manager of this entity can change what it publishes.');
  });

  it('is read-only for a viewer: the choices without any control', async () => {
    setSessionToken('tok');
    installFakeServer({ [`GET ${path}`]: () => json(list(false)) });
    show();
    expect(
      await screen.findByText('You can see these publication choices but not change them.'),
    ).toBeVisible();
    expect(screen.getByText('MediFund Health Insurance')).toBeVisible();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    await waitFor(() => expect(screen.queryByLabelText('Loading partner services')).toBeNull());
  });
});
