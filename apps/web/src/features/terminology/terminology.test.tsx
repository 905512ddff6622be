import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TerminologyConcept, UnmatchedTerms } from '@pca/contracts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

// Terminology: unmatched (docs/product/terminology.md): the operator sees the texts no code matches and maps
// one; the list is read again and the text leaves it.

const operator = testUser({
  givenName: 'Priya',
  roles: [{ type: 'PcaOperator', organisationId: null, healthcareServiceId: null }],
});
const gp: TerminologyConcept = {
  id: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  valueSet: 'service-type',
  system: 'http://snomed.info/sct',
  code: '788007007',
  display: 'General practice service',
};
const lazy = { timeout: 30_000 };

function serve() {
  setSessionToken('tok');
  let unmatched: UnmatchedTerms = {
    terms: [
      { valueSet: 'service-type', text: 'Skin cancer clinic', count: 3 },
      { valueSet: 'practitioner-role', text: 'Podiatrist', count: 2 },
    ],
    matched: { 'service-type': 40, 'practitioner-role': 60 },
  };
  return installFakeServer({
    'GET /api/me': () => json(operator),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    'GET /api/admin/terminology/unmatched': () => json(unmatched),
    'GET /api/terminology/concepts': (r) =>
      json({ concepts: r.path.includes('service-type') ? [gp] : [] }),
    'POST /api/admin/terminology/mappings': () => {
      unmatched = { ...unmatched, terms: unmatched.terms.slice(1) };
      return new Response(null, { status: 204 });
    },
  });
}

describe('Terminology: unmatched', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the unmatched texts with counts and maps one to a code', async () => {
    const requests = serve();
    renderApp('/admin/terminology');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terminology: unmatched' }, lazy),
    ).toBeVisible();
    // The phone-width cards (jsdom applies no media query: the table at wider widths is hidden here).
    const list = await screen.findByRole('list', { name: 'Unmatched service types' });
    const row = within(list)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.includes('Skin cancer clinic'))!;
    expect(row).toHaveTextContent('3 records');
    expect(screen.getByText(/40 records coded/)).toBeVisible();

    await userEvent.click(within(row).getByRole('button', { name: 'Map “Skin cancer clinic”' }));
    expect(within(row).getByText('Select the code this text means')).toBeVisible();
    await userEvent.selectOptions(
      within(row).getByLabelText(/Code for “Skin cancer clinic”/),
      'General practice service (788007007)',
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Map “Skin cancer clinic”' }));
    expect(
      await screen.findByText('“Skin cancer clinic” is mapped to General practice service'),
    ).toBeVisible();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      valueSet: 'service-type',
      text: 'Skin cancer clinic',
      conceptId: gp.id,
    });
    expect(await screen.findByText(/every text in use matches a code/)).toBeVisible();
  });
});
