import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { seenPages } from '../../test/seen-pages.tsx';
import { organisationEntityApi } from './entity-api.ts';

afterEach(() => vi.unstubAllGlobals());

const api = organisationEntityApi<{ id: string; organisation: { id: string } }, { name: string }>({
  key: 'healthcare-services',
  one: '/api/healthcare-services/:id',
  create: '/api/organisations/:id/healthcare-services',
  alsoChanged: [['locations']],
});

/** The pages a person has seen: two locations and two organisations. */
const seen = () =>
  seenPages([
    ['locations', 'clinic'],
    ['locations', 'annex'],
    ['organisations', 'harbour'],
    ['organisations', 'riverbend'],
  ]);

describe('organisationEntityApi', () => {
  it('a save marks its organisation and what it also changes (every location page) stale, no other organisation', async () => {
    installFakeServer({
      'PATCH /api/healthcare-services/gp': () =>
        json({ id: 'gp', organisation: { id: 'harbour' } }),
    });
    const { wrapper, stale, client } = seen();
    const { result } = renderHook(() => api.useUpdate('gp'), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ name: 'GP' });
    });
    expect(stale()).toEqual(['locations/annex', 'locations/clinic', 'organisations/harbour']);
    // The page shows the saved answer without reading it again.
    expect(client.getQueryData(['healthcare-services', 'gp'])).toEqual({
      id: 'gp',
      organisation: { id: 'harbour' },
    });
  });

  it('an addition does the same for the organisation it was added to', async () => {
    installFakeServer({
      'POST /api/organisations/riverbend/healthcare-services': () => json({ id: 'new' }, 201),
    });
    const { wrapper, stale } = seen();
    const { result } = renderHook(() => api.useCreate('riverbend'), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ name: 'Physio' });
    });
    expect(stale()).toEqual(['locations/annex', 'locations/clinic', 'organisations/riverbend']);
  });
});
