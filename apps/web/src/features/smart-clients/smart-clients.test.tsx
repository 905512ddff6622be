import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { smartClientMessages } from '@pca/contracts';
import { setSessionToken } from '#lib/session-token.ts';
import { signInText } from '#lib/smart-clients/clinical-systems.tsx';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

const id = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
// The first load of a lazy page can take many seconds on a busy machine (a wait ends as soon as it passes).
const lazy = { timeout: 30_000 };

const refusal = (status: number, type: string, detail: string) =>
  new Response(JSON.stringify({ type, title: 'Refused', status, detail }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

function serve(routes: Parameters<typeof installFakeServer>[0]) {
  setSessionToken('tok');
  return installFakeServer({
    'GET /api/me': () => json(testUser()),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    ...routes,
  });
}

describe('the launch pages (docs/product/smart-clients.md#launch)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the code and state for the organisation, and shows the server’s refusal', async () => {
    const requests = serve({
      'POST /api/smart-clients/token': () =>
        refusal(400, '/problems/smart-state-invalid', smartClientMessages.stateInvalid),
    });
    renderApp(`/organisation/participating/${id}/launch?code=c0de&state=po%3A${id}xyz`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connection failed' }, lazy),
    ).toBeVisible();
    expect(screen.getByText(smartClientMessages.stateInvalid)).toBeVisible();
    expect(requests.find((r) => r.path === '/api/smart-clients/token')?.body).toEqual({
      organisationId: id,
      code: 'c0de',
      state: `po:${id}xyz`,
    });
    expect(
      screen.getByRole('link', { name: /^Go to the business.s clinical systems$/ }),
    ).toHaveAttribute('href', `/organisation/participating/${id}?tab=Clinical+systems`);
  });

  it('refuses an EHR launch from an iss the organisation has not connected', async () => {
    serve({
      'POST /api/smart-clients/app-launch': () =>
        refusal(404, '/problems/smart-unknown-iss', smartClientMessages.unknownIss),
    });
    renderApp(`/organisation/hi/${id}/applaunch?iss=https%3A%2F%2Fevil.example%2Ffhir&launch=x`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Launch refused' }, lazy),
    ).toBeVisible();
    expect(screen.getByText(smartClientMessages.unknownIss)).toBeVisible();
  });

  it('says what is missing when the clinical system sent no code', async () => {
    serve({});
    renderApp(`/organisation/participating/${id}/launch`);
    expect(
      await screen.findByText(/returned no authorisation code/, undefined, lazy),
    ).toBeVisible();
  });
});

describe('signInText', () => {
  it('words the sign-in as the Clinical systems tab shows it', () => {
    expect(signInText(null)).toBe('Not connected. Connect to sign in to the clinical system.');
    expect(
      signInText({
        fhirUser: 'https://cis/fhir/Practitioner/a',
        expiresAt: '2026-11-27T10:00:00.000Z',
        canRefresh: true,
        connectedAt: '2026-11-27T09:00:00.000Z',
        live: true,
      }),
    ).toBe(
      'Connected as https://cis/fhir/Practitioner/a. The portal renews the sign-in until the clinical system ends it.',
    );
    expect(
      signInText({
        fhirUser: null,
        expiresAt: '2026-11-27T10:00:00.000Z',
        canRefresh: false,
        connectedAt: '2026-11-27T09:00:00.000Z',
        live: true,
      }),
    ).toMatch(/^Connected until /);
  });
});
