import {
  workplacesMessages as messages,
  workplacesProblemTypes as problemTypes,
  type RuntimeConfig,
  type Workplace,
  type WorkplacePublication,
  type WorkplaceRole,
  type WorkplaceRoleStatus,
  type Workplaces,
  type WorkplaceService,
  type WorkplaceServiceSummary,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { ForbiddenError, NotFoundError } from '#platform/errors.ts';
import { toOpeningDays } from '#platform/entities/opening-hours.ts';
import { addressText, locationKind, today } from '#platform/entities/summaries.ts';
import {
  workplacesRepository,
  type ChainRow,
  type PublicationRow,
  type RoleRow,
} from './repository.ts';

/** The slug of a problem type (`/problems/<slug>`). */
const slug = (type: string) => type.replace(/^\/problems\//, '');

/** Whom the pages are about: the managed practitioner for a delegate, else the caller's own record. */
interface Acting {
  practitioner: { id: string; givenName: string; familyName: string };
  managing: boolean;
}

function flagOn(features: RuntimeConfig['features'], flag: string | null) {
  return flag === null || (features as Record<string, boolean>)[flag] === true;
}

const closed = (status: string | null | undefined) =>
  status === 'Cancelled' || status === 'Terminated';

/**
 * Why a role is not active on `on`, or 'active' (docs/product/workplaces.md#active-and-past): the business
 * closed outranks the service's end, which outranks the role's own dates.
 */
export function roleStatus(row: RoleRow, on: string): WorkplaceRoleStatus {
  if (closed(row.organisation.status) || closed(row.parent?.status)) return 'businessClosed';
  if (row.service.endDate && row.service.endDate < on) return 'serviceEnded';
  if (row.role.endDate && row.role.endDate < on) return 'ended';
  if (row.role.startDate > on) return 'notStarted';
  return 'active';
}

function toRole(row: RoleRow, on: string): WorkplaceRole {
  return { ...row.role, status: roleStatus(row, on) };
}

function toService(row: RoleRow): WorkplaceService {
  const { service: s, organisation: o, parent: p, location: l } = row;
  // The business is the participating organisation: the service's own, or the one its HI organisation sits under.
  const business =
    o.type === 'ParticipatingOrganisation' || !p
      ? { id: o.id, name: o.businessName || o.name }
      : { id: p.id, name: p.businessName || p.name };
  return {
    id: s.id,
    name: s.name,
    serviceType: s.serviceType,
    organisation: { id: o.id, name: o.name, type: o.type },
    business,
    location: l
      ? { id: l.id, name: l.name, kind: locationKind(l.type), address: addressText(l) }
      : null,
  };
}

/** Rows (ordered by service) grouped by service, keeping the order. */
function groupByService(rows: RoleRow[], on: string): Workplace[] {
  const groups = new Map<string, Workplace>();
  for (const row of rows) {
    let group = groups.get(row.service.id);
    if (!group) groups.set(row.service.id, (group = { service: toService(row), roles: [] }));
    group.roles.push(toRole(row, on));
  }
  return [...groups.values()];
}

/**
 * The partner services a service is published to: for each partner, the nearest level holding a row decides —
 * the service's own, its location's, then its organisation and those above it, nearest first
 * (docs/decisions/030-publishing-to-partners.md) — and only partners offered in this deployment count.
 */
export function publishedTo(
  service: { id: string; name: string; organisationId: string; locationId: string | null },
  locationName: string | null,
  chain: ChainRow[],
  rows: PublicationRow[],
  features: RuntimeConfig['features'],
): WorkplacePublication[] {
  const byId = new Map(chain.map((c) => [c.id, c]));
  const ordered: ChainRow[] = [];
  // The seen check guards against a cycle the data should never hold.
  for (
    let at = byId.get(service.organisationId);
    at && !ordered.includes(at);
    at = at.parentId ? byId.get(at.parentId) : undefined
  )
    ordered.push(at);
  const levels: Array<{
    level: WorkplacePublication['from']['level'];
    name: string;
    holds: (r: PublicationRow) => boolean;
  }> = [
    {
      level: 'healthcare-service',
      name: service.name,
      holds: (r) => r.healthcareServiceId === service.id,
    },
    ...(service.locationId
      ? [
          {
            level: 'location' as const,
            name: locationName ?? '',
            holds: (r: PublicationRow) =>
              r.locationId === service.locationId && r.healthcareServiceId === null,
          },
        ]
      : []),
    ...ordered.map((o) => ({
      level: 'organisation' as const,
      name: o.name,
      holds: (r: PublicationRow) =>
        r.organisationId === o.id && r.locationId === null && r.healthcareServiceId === null,
    })),
  ];
  const partners = new Map<string, PublicationRow[]>();
  for (const r of rows)
    partners.set(r.partnerServiceId, [...(partners.get(r.partnerServiceId) ?? []), r]);
  const published: WorkplacePublication[] = [];
  for (const [partnerId, mine] of partners) {
    const first = mine[0]!;
    if (!flagOn(features, first.featureFlag)) continue;
    for (const level of levels) {
      const row = mine.find(level.holds);
      if (!row) continue;
      if (row.publish)
        published.push({
          partner: { id: partnerId, name: first.partnerName, role: first.partnerRole },
          from: { level: level.level, name: level.name },
        });
      break;
    }
  }
  return published.sort((a, b) => a.partner.name.localeCompare(b.partner.name));
}

/**
 * My workplaces (docs/decisions/059-my-workplaces.md): where the practitioner — the caller, or the practitioner a
 * delegate manages — holds or held roles, and a summary of each of those healthcare services. Read-only: one
 * statement for the list, two for a summary, whatever the number of roles or partners.
 */
export function workplacesService(deps: Pick<AppDeps, 'db' | 'config'>) {
  const repo = workplacesRepository(deps.db);
  const features = deps.config.runtime.features;

  /** The managed practitioner for a delegate, else the caller's own practitioner record; 403 without either. */
  function actingFor(auth: AuthContext): Acting {
    const { currentUser } = auth;
    const managed = currentUser.managingPractitioner;
    if (managed)
      return {
        practitioner: {
          id: managed.id,
          givenName: managed.givenName,
          familyName: managed.familyName,
        },
        managing: true,
      };
    if (currentUser.isPractitioner && currentUser.practitionerId)
      return {
        practitioner: {
          id: currentUser.practitionerId,
          givenName: currentUser.givenName,
          familyName: currentUser.familyName,
        },
        managing: false,
      };
    throw new ForbiddenError(messages.noPractitioner, slug(problemTypes.noPractitioner));
  }

  return {
    async list(auth: AuthContext, on = today()): Promise<Workplaces> {
      const acting = actingFor(auth);
      const rows = await repo.roles(acting.practitioner.id);
      const statuses = rows.map((r) => roleStatus(r, on));
      return {
        ...acting,
        active: groupByService(
          rows.filter((_, n) => statuses[n] === 'active'),
          on,
        ),
        past: groupByService(
          rows.filter((_, n) => statuses[n] !== 'active'),
          on,
        ),
      };
    },

    /** One service's summary; 404 unless the practitioner holds or held a role there (by URL too). */
    async summary(
      auth: AuthContext,
      serviceId: string,
      on = today(),
    ): Promise<WorkplaceServiceSummary> {
      // Someone with no practitioner record has no workplaces: the same 404 as any service not theirs.
      let acting: Acting;
      try {
        acting = actingFor(auth);
      } catch {
        throw new NotFoundError(messages.serviceNotFound);
      }
      const rows = await repo.rolesAt(acting.practitioner.id, serviceId);
      const first = rows[0];
      if (!first) throw new NotFoundError(messages.serviceNotFound);
      const s = first.service;
      const { chain, rows: publicationRows } = await repo.publicationLevels({
        id: s.id,
        organisationId: s.organisationId,
        locationId: s.locationId,
      });
      return {
        ...acting,
        service: {
          ...toService(first),
          description: s.description ?? '',
          startDate: s.startDate,
          endDate: s.endDate,
          isActive:
            (!s.startDate || s.startDate <= on) &&
            (!s.endDate || s.endDate >= on) &&
            !closed(first.organisation.status) &&
            !closed(first.parent?.status),
          openingHours: toOpeningDays(s.openingHours),
          contact: {
            phone: s.phone ?? '',
            afterHoursPhone: s.afterHoursPhone ?? '',
            email: s.email ?? '',
            fax: s.fax ?? '',
            website: s.website ?? '',
            suppressEmail: s.suppressEmail,
            suppressPhone: s.suppressPhone,
          },
        },
        roles: rows.map((r) => toRole(r, on)),
        publications: publishedTo(
          s,
          first.location?.name ?? null,
          chain,
          publicationRows,
          features,
        ),
      };
    },
  };
}
