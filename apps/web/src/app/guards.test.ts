import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import type { CurrentUser, OrganisationNode, RoleType } from '@pca/contracts';
import { apiPaths } from '@pca/contracts/paths.ts';
import { currentUserQueryOptions } from '#lib/current-user.ts';
import { myOrganisationsQueryOptions } from '#lib/my-organisations.ts';
import { readRecall } from '#lib/recall.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { testUser } from '../test/test-config.ts';
import { adminGuard, emailGuard, guarded, organisationManagerGuard } from './guards.ts';
import { createQueryClient } from './query-client.ts';

const args = (url: string): LoaderFunctionArgs =>
  ({ request: new Request(url), params: {}, context: undefined }) as LoaderFunctionArgs;

/** A query client already holding the user and their organisation trees, so no request is made. */
function clientWith(user: CurrentUser, organisations: OrganisationNode[] = []) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
  queryClient.setQueryData(myOrganisationsQueryOptions().queryKey, { organisations });
  return queryClient;
}

const ORG = '11111111-1111-4111-8111-111111111111';
const CHILD = '22222222-2222-4222-8222-222222222222';

function node(id: string, effectiveRoles: RoleType[], children: OrganisationNode[] = []) {
  return {
    id,
    type: 'ParticipatingOrganisation',
    name: id,
    alias: null,
    businessName: null,
    isPublisher: false,
    publisherApprovalStatus: null,
    status: 'Active',
    isActive: true,
    dateCreated: '2026-01-01',
    effectiveRoles,
    serviceRoles: [],
    children,
  } satisfies OrganisationNode;
}

/** The redirect a guard throws, or null when it lets the user through. */
async function outcome(run: () => Promise<unknown> | unknown): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

const role = (type: RoleType) => ({ type, organisationId: null, healthcareServiceId: null });

describe('guards (docs/product/rules.md#permissions)', () => {
  it('admin guard: PcaOperators pass; others, and operators managing a practitioner, go to /welcome with the reason', async () => {
    const url = 'http://localhost/admin';
    const operator = testUser({ roles: [role('PcaOperator')] });
    expect(await outcome(() => adminGuard(args(url), clientWith(operator)))).toBeNull();
    const manager = testUser({ roles: [role('OrganisationManager')] });
    expect(await outcome(() => adminGuard(args(url), clientWith(manager)))).toBe(
      '/welcome?reason=admin',
    );
    const managing = testUser({
      roles: [role('PcaOperator')],
      managingPractitioner: { id: ORG, givenName: 'A', familyName: 'B', userPhotoData: null },
    });
    expect(await outcome(() => adminGuard(args(url), clientWith(managing)))).toBe(
      '/welcome?reason=admin-while-managing',
    );
  });

  it('email guard: users without an email go to /welcome with the reason', async () => {
    const url = 'http://localhost/practitioners';
    expect(await outcome(() => emailGuard(args(url), clientWith(testUser())))).toBeNull();
    const noEmail = testUser({ email: null });
    expect(await outcome(() => emailGuard(args(url), clientWith(noEmail)))).toBe(
      '/welcome?reason=email',
    );
  });

  it('organisation-manager guard checks the organisationId query against effective roles', async () => {
    const refused = '/welcome?reason=organisation-manager';
    const trees = [node(ORG, ['Viewer'], [node(CHILD, ['OrganisationManager'])])];
    const client = clientWith(testUser(), trees);
    const at = (query: string) =>
      outcome(() => organisationManagerGuard(args(`http://localhost/nhsd-import${query}`), client));
    expect(await at(`?organisationId=${CHILD}`)).toBeNull();
    expect(await at(`?locationId=x&orgId=${CHILD}`)).toBeNull();
    expect(await at(`?organisationId=${ORG}`)).toBe(refused);
    expect(await at('?organisationId=33333333-3333-4333-8333-333333333333')).toBe(refused);
    // No query: managing any organisation is enough; a viewer-only user is turned away.
    expect(await at('')).toBeNull();
    const viewerOnly = clientWith(testUser(), [node(ORG, ['Viewer'])]);
    expect(
      await outcome(() =>
        organisationManagerGuard(args('http://localhost/nhsd-import'), viewerOnly),
      ),
    ).toBe(refused);
  });

  it('guarded: without a session the recall URL and query are stored before the provider login', async () => {
    const client = clientWith(testUser());
    const loader = guarded([emailGuard], client);
    expect(await outcome(() => loader(args('http://localhost/delegates?tab=2')))).toBe(
      apiPaths.login,
    );
    expect(readRecall()).toEqual({ path: '/delegates', query: '?tab=2' });
    setSessionToken('tok');
    expect(await outcome(() => loader(args('http://localhost/delegates')))).toBeNull();
  });
});
