import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { initialsOf, type CurrentUser, type OrganisationNode, type RoleType } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { SESSION_LOOKUP_STATEMENT } from '#db/committed-writes.ts';
import { ancestorsCte, inheritedRolesCte } from '#db/organisation-tree.ts';
import { sessions, users } from '#db/schema/index.ts';
import { type AccessScope, withoutOrganisationPowers } from '#platform/access/scope.ts';
import type { SessionRow, UserRow } from './repository.ts';

/** An organisation the user reaches (or an ancestor placing one in its tree), as the request needs it. */
export interface ScopedOrganisation {
  id: string;
  parentId: string | null;
  type: OrganisationNode['type'];
  name: string;
  alias: string | null;
  businessName: string | null;
  isPublisher: boolean;
  publisherApprovalStatus: OrganisationNode['publisherApprovalStatus'];
  status: OrganisationNode['status'];
  createdAt: Date;
  /** Position when ordered by name in the database's collation (1 = first). */
  nameRank: number;
}

/** Everything a request needs to know about its caller, read once by `authenticate`. */
export interface SessionContext {
  session: SessionRow;
  user: UserRow;
  /** The user as `GET /api/me` answers it (docs/product/rules.md#entities / docs/product/features.md#feature-entities). */
  currentUser: CurrentUser;
  /** Effective roles (platform/access/scope.ts). */
  scope: AccessScope;
  /** Reachable organisations and their ancestors, newest first (created, then id, descending). */
  organisations: ScopedOrganisation[];
  /** Set when the session still names a practitioner whose delegation to the caller has ended. */
  managingEnded: { id: string; givenName: string; familyName: string } | null;
}

/** The JSON the lookup builds next to the session and user rows. */
interface AccessJson {
  practitioner: { id: string; hpii: string | null; preferredName: string | null } | null;
  registrations: CurrentUser['ahpraPractitionerDetails'];
  memberships: Array<{
    type: RoleType;
    organisationId: string | null;
    healthcareServiceId: string | null;
    serviceOrganisationId: string | null;
  }>;
  invitationId: string | null;
  isApprovedDelegate: boolean;
  managed: {
    id: string;
    givenName: string;
    familyName: string;
    photoData: string | null;
    /** Whether an Accepted delegation still links the caller to this practitioner. */
    active: boolean;
  } | null;
  scoped: Array<[string, RoleType]>;
  organisations: Array<Omit<ScopedOrganisation, 'createdAt'> & { createdAt: string }>;
}

/**
 * The caller's practitioner, registrations, roles, delegations, the practitioner they manage, their
 * effective organisation roles (inherited down the tree) and the organisations those reach with their
 * ancestors: correlated subqueries of the session lookup, so a request reads its caller in one statement
 * (docs/benchmarks/sql-per-request.md). Raw table names, outer references through Drizzle columns.
 */
const accessJson = sql<AccessJson>`json_build_object(
  'practitioner', (select json_build_object('id', p.id, 'hpii', p.hpii, 'preferredName', p.preferred_name)
                     from practitioners p where p.user_id = ${users.id} limit 1),
  'registrations', coalesce((
      select json_agg(json_build_object('professionNumber', r.profession_number, 'profession', r.profession)
                      order by r.profession_number)
        from practitioner_registrations r
       where r.practitioner_id = (select p.id from practitioners p where p.user_id = ${users.id} limit 1)
    ), '[]'::json),
  'memberships', coalesce((
      select json_agg(json_build_object('type', m.role_type, 'organisationId', m.organisation_id,
                                        'healthcareServiceId', m.healthcare_service_id,
                                        'serviceOrganisationId', hs.organisation_id))
        from role_memberships m left join healthcare_services hs on hs.id = m.healthcare_service_id
       where m.user_id = ${users.id}
    ), '[]'::json),
  -- An invitation is matched by RA number, so a first sign-in finds it even without the emailed link.
  'invitationId', (select d.id from delegations d
                    where d.ra_number = ${users.raNumber} and d.status = 'Invited'
                    order by d.created_at limit 1),
  'isApprovedDelegate', exists(select 1 from delegations d
                                where d.delegate_user_id = ${users.id} and d.status = 'Accepted'),
  -- Managing holds only while the delegation is Accepted: 'active' says whether it still does, so a stopped
  -- delegation ends it from the session's very next request (docs/decisions/020-delegation.md).
  'managed', (select json_build_object('id', mp.id, 'givenName', mp.given_name,
                                       'familyName', mp.family_name,
                                       'photoData', (select mu.photo_data from users mu
                                                      where mu.id = mp.user_id),
                                       'active', exists(select 1 from delegations d
                                                         where d.practitioner_id = mp.id
                                                           and d.delegate_user_id = ${users.id}
                                                           and d.status = 'Accepted'))
                from practitioners mp where mp.id = ${sessions.managingPractitionerId})
)::jsonb || (
  with recursive ${inheritedRolesCte(
    'scoped',
    sql`select m.organisation_id, m.role_type from role_memberships m
         where m.user_id = ${users.id} and m.organisation_id is not null`,
  )},
  reachable(id) as (
    select organisation_id from scoped
    union
    select hs.organisation_id from role_memberships m
      join healthcare_services hs on hs.id = m.healthcare_service_id
     where m.user_id = ${users.id}
  ),
  ${ancestorsCte('up', sql`select id from reachable`)}
  select jsonb_build_object(
    'scoped', coalesce((select jsonb_agg(jsonb_build_array(s.organisation_id, s.role_type)) from scoped s), '[]'::jsonb),
    'organisations', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', o.id, 'parentId', o.parent_id, 'type', o.type, 'name', o.name, 'alias', o.alias,
               'businessName', o.business_name, 'isPublisher', o.is_publisher,
               'publisherApprovalStatus', o.publisher_approval_status, 'status', o.status,
               'createdAt', o.created_at, 'nameRank', o.name_rank)
             order by o.created_at desc, o.id desc)
        from (select o.*, row_number() over (order by o.name) as name_rank
                from organisations o where o.id in (select id from up)) o
    ), '[]'::jsonb)
  )
)`;

function scopeOf(userId: string, access: AccessJson): AccessScope {
  const add = <K>(map: Map<K, Set<RoleType>>, key: K, role: RoleType) => {
    const set = map.get(key) ?? new Set<RoleType>();
    set.add(role);
    map.set(key, set);
  };
  const scope: AccessScope = {
    userId,
    isOperator: access.memberships.some((m) => m.type === 'PcaOperator'),
    organisationRoles: new Map(),
    serviceRoles: new Map(),
    serviceOrganisation: new Map(),
  };
  for (const [organisationId, role] of access.scoped)
    add(scope.organisationRoles, organisationId, role);
  for (const m of access.memberships) {
    if (m.healthcareServiceId && m.serviceOrganisationId) {
      add(scope.serviceRoles, m.healthcareServiceId, m.type);
      scope.serviceOrganisation.set(m.healthcareServiceId, m.serviceOrganisationId);
    }
  }
  return scope;
}

function currentUserOf(user: UserRow, access: AccessJson): CurrentUser {
  const { practitioner } = access;
  const managed = access.managed?.active ? access.managed : null;
  return {
    id: user.id,
    authIdentifier: user.raNumber,
    givenName: user.givenName,
    familyName: user.familyName,
    initials: initialsOf(user.givenName, user.familyName),
    email: user.email,
    emailConfirmed: user.emailConfirmed,
    phone: user.phone,
    hpii: practitioner?.hpii ?? null,
    photoData: user.photoData,
    showHelper: user.showHelper,
    isActive: user.isActive,
    isProfileComplete: user.isProfileComplete,
    isPractitioner: Boolean(practitioner?.hpii),
    isApprovedPractitionerDelegate: access.isApprovedDelegate,
    delegateInvitationId: access.invitationId,
    prodaDetailsMatchedPca: user.prodaDetailsMatchedPca,
    participationApprovalStatus:
      (user.participationApprovalStatus as CurrentUser['participationApprovalStatus']) ?? null,
    practitionerId: practitioner?.id ?? null,
    practitionerPreferredName: practitioner?.preferredName
      ? { text: practitioner.preferredName }
      : null,
    ahpraPractitionerDetails: access.registrations,
    roles: access.memberships.map((m) => ({
      type: m.type,
      organisationId: m.organisationId,
      healthcareServiceId: m.healthcareServiceId,
    })),
    managingPractitioner: managed
      ? {
          id: managed.id,
          givenName: managed.givenName,
          familyName: managed.familyName,
          userPhotoData: managed.photoData ?? null,
        }
      : null,
  };
}

/**
 * Reads the live session for a token hash with everything the request needs about its caller, or null
 * when missing, expired or revoked: one statement. When the session was last seen at or before
 * `touchBefore`, the same statement slides its idle expiry to `idleUntil` (a data-modifying WITH runs
 * whatever the select reads; the select still sees the row as it was), never past the absolute expiry.
 * A named prepared statement, so PostgreSQL parses and plans it once per connection, not per request;
 * its slide is the one write that does not empty the session cache
 * (docs/decisions/021-request-context-cache.md).
 */
export function sessionContextLookup(db: Database) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const live = and(
    eq(sessions.tokenHash, sql.placeholder('tokenHash')),
    isNull(sessions.revokedAt),
    gt(sessions.idleExpiresAt, now),
    gt(sessions.absoluteExpiresAt, now),
  );
  const touched = db.$with('touched').as(
    db
      .update(sessions)
      .set({
        lastSeenAt: now,
        idleExpiresAt: sql`least(${sql.placeholder('idleUntil')}::timestamptz, ${sessions.absoluteExpiresAt})`,
      })
      .where(
        and(live, lte(sessions.lastSeenAt, sql`${sql.placeholder('touchBefore')}::timestamptz`)),
      )
      .returning({ id: sessions.id }),
  );
  const query = db
    .with(touched)
    .select({ session: sessions, user: users, access: accessJson })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(live)
    .limit(1)
    .prepare(SESSION_LOOKUP_STATEMENT);

  return async function find(
    tokenHash: string,
    at: Date,
    touch: { before: Date; idleMs: number },
  ): Promise<SessionContext | null> {
    const [row] = await query.execute({
      tokenHash,
      now: at.toISOString(),
      idleUntil: new Date(at.getTime() + touch.idleMs).toISOString(),
      touchBefore: touch.before.toISOString(),
    });
    if (!row) return null;
    const access = row.access;
    // While the session acts for a practitioner, the caller's own organisation powers do not apply: the
    // capability table (docs/product/rules.md#permissions) switches the business ones off, and a request acts only with what the delegation
    // grants over the practitioner (docs/decisions/055-hpii-lookup-and-managing-powers.md). Every guard and
    // query that reads the scope or the reachable organisations therefore finds none.
    const managing = access.managed?.active === true;
    return {
      session: row.session,
      user: row.user,
      currentUser: currentUserOf(row.user, access),
      scope: managing ? withoutOrganisationPowers(row.user.id) : scopeOf(row.user.id, access),
      organisations: managing
        ? []
        : access.organisations.map((o) => ({
            ...o,
            createdAt: new Date(o.createdAt),
          })),
      managingEnded: access.managed && !access.managed.active ? access.managed : null,
    };
  };
}
