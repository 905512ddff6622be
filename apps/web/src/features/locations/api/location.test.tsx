import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { seenPages } from '../../../test/seen-pages.tsx';
import { installFakeServer, json } from '../../../test/fake-server.ts';
import { useCreateLocation, useUpdateLocation } from './location.ts';

afterEach(() => vi.unstubAllGlobals());

/**
 * The pages a person has seen: the HI organisation that has the clinic and its participating organisation
 * (both list it), a service at it, the Practitioners page (its address), and an unrelated page.
 */
const seen = () =>
  seenPages([
    ['organisations', 'surry-hills'],
    ['organisations', 'harbour'],
    ['healthcare-services', 'gp'],
    ['service-offerings', { organisationId: '', isActive: 'all', name: '', page: 1 }],
    ['locations', 'clinic'],
    ['profile'],
  ]);

const everyPageShowingIt = [
  'healthcare-services/gp',
  'organisations/harbour',
  'organisations/surry-hills',
  'service-offerings',
];

describe('location writes', () => {
  it('a save marks every page showing its name or address stale: organisations, services, Practitioners', async () => {
    installFakeServer({
      'PATCH /api/locations/clinic': () =>
        json({ id: 'clinic', name: 'Surry Hills Medical', organisation: { id: 'surry-hills' } }),
    });
    const { wrapper, stale, client } = seen();
    const { result } = renderHook(() => useUpdateLocation('clinic'), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ name: 'Surry Hills Medical' } as never);
    });
    expect(stale()).toEqual(everyPageShowingIt);
    // The location's page shows the saved answer without reading it again.
    expect(client.getQueryData(['locations', 'clinic'])).toMatchObject({
      name: 'Surry Hills Medical',
    });
  });

  it('an addition does the same', async () => {
    installFakeServer({
      'POST /api/organisations/surry-hills/locations': () => json({ id: 'annex' }, 201),
    });
    const { wrapper, stale } = seen();
    const { result } = renderHook(() => useCreateLocation('surry-hills'), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ name: 'Surry Hills Annex' } as never);
    });
    expect(stale()).toEqual(everyPageShowingIt);
  });
});
