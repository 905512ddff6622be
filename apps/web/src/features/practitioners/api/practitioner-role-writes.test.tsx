import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { practitionerApiPaths, practitionerRolePath } from '@pca/contracts/practitioners-paths.ts';
import { seenPages } from '../../../test/seen-pages.tsx';
import { installFakeServer, json } from '../../../test/fake-server.ts';
import { useCreatePractitionerRole } from './create-practitioner-role.ts';
import { useUpdatePractitionerRole } from './update-practitioner-role.ts';

afterEach(() => vi.unstubAllGlobals());

const roleId = 'role-1';

/**
 * The pages a person has seen: the Practitioners page, the service's page and its organisations' (their
 * Practitioners tabs list the role), and an unrelated page.
 */
const seen = () =>
  seenPages([
    ['service-offerings', { organisationId: '', isActive: 'all', name: '', page: 1 }],
    ['healthcare-services', 'gp'],
    ['organisations', 'surry-hills'],
    ['organisations', 'harbour'],
    ['profile'],
  ]);

const everyPageListingIt = [
  'healthcare-services/gp',
  'organisations/harbour',
  'organisations/surry-hills',
  'service-offerings',
];

describe('practitioner role writes', () => {
  it('adding a role marks the Practitioners page and the service’s and organisations’ pages stale', async () => {
    installFakeServer({
      [`POST ${practitionerApiPaths.roles}`]: () => json({ id: roleId }, 201),
    });
    const { wrapper, stale } = seen();
    const { result } = renderHook(() => useCreatePractitionerRole(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({} as never);
    });
    expect(stale()).toEqual(everyPageListingIt);
  });

  it('saving a role does the same', async () => {
    installFakeServer({
      [`PUT ${practitionerRolePath(roleId)}`]: () => json({ id: roleId }),
    });
    const { wrapper, stale } = seen();
    const { result } = renderHook(() => useUpdatePractitionerRole(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ roleId, body: {} as never });
    });
    expect(stale()).toEqual(everyPageListingIt);
  });
});
