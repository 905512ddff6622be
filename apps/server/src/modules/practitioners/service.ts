import {
  australianToday,
  canManagePractitionerRole,
  hpiiSearchMessages,
  isRoleActive,
  type CreatePractitionerRole,
  type HpiiSearch,
  type HpiiSearchResult,
  type ServiceOfferingsQuery,
  type PractitionerRoleDetail,
  type PractitionerRoleOptions,
  type PractitionerSummary,
  type ServiceOffering,
  type ServiceOfferingsPage,
  type UpdatePractitionerRole,
} from '@pca/contracts';
import type { z } from 'zod';
import type { AppDeps } from '#platform/deps.ts';
import type { HiService } from '#integrations/hi-service/hi-service.ts';
import {
  type AccessScope,
  reachableOrganisationIds,
  rolesOnService,
} from '#platform/access/scope.ts';
import { appendAudit } from '#platform/audit.ts';
import { checkedSpecialty } from '#platform/terminology.ts';
import { toOpeningDays, toStoredHours } from '#platform/entities/opening-hours.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '#platform/errors.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { accessOf } from '#platform/access/guards.ts';
import {
  addressOf,
  insertPractitioner,
  insertRole,
  locationKindOf,
  practitionersRepository,
  type RoleRow,
  type RoleVisibility,
  updateRole,
} from './repository.ts';

type ListQuery = z.output<typeof ServiceOfferingsQuery>;
type CreateBody = z.output<typeof CreatePractitionerRole>;
type UpdateBody = z.output<typeof UpdatePractitionerRole>;
type SearchBody = z.output<typeof HpiiSearch>;

/** Every organisation and service the user has an effective role on (the list's scope). */
function visibilityOf(scope: AccessScope): RoleVisibility {
  return {
    organisationIds: [...scope.organisationRoles.keys()],
    serviceIds: [...scope.serviceRoles.keys()],
  };
}

/** The per-role rule of docs/product/rules.md#permissions, on the role's own healthcare service (a service role grants only it). */
const canManage = (scope: AccessScope, service: { id: string; organisationId: string }) =>
  canManagePractitionerRole(rolesOnService(scope, service));

/**
 * Within the user's reach: a role on the service's organisation or on one of its services. Outside it
 * a role is not found (404); inside it without a manager role on the role's own service it is 403.
 */
const isReachable = (scope: AccessScope, service: { organisationId: string }) =>
  reachableOrganisationIds(scope).includes(service.organisationId);

function offeringOf(row: RoleRow, scope: AccessScope, today: string): ServiceOffering {
  return {
    id: row.id,
    healthcareServiceId: row.healthcareServiceId,
    healthcareServiceName: row.healthcareServiceName,
    organisationId: row.organisationId,
    locationAddress: addressOf(row),
    locationType: locationKindOf(row.locationTypes),
    primaryType: row.primaryType,
    startDate: row.startDate,
    endDate: row.endDate,
    isActive: isRoleActive(row, today),
    canManage: canManage(scope, {
      id: row.healthcareServiceId,
      organisationId: row.organisationId,
    }),
  };
}

/** The Practitioners page and practitioner roles: scoping and the per-role rule decided here. */
export function practitionersService(deps: Pick<AppDeps, 'db' | 'config'>, hiService: HiService) {
  const repo = practitionersRepository(deps.db);

  async function requireCapability(
    auth: AuthContext,
    capability: 'accessPractitioners' | 'managePractitioners',
  ) {
    const { capabilities, scope } = accessOf(deps, auth);
    if (!capabilities[capability]) throw new ForbiddenError();
    return scope;
  }

  /** Active services the user may add roles to. */
  async function manageableServices(scope: AccessScope, today: string) {
    const services = await repo.servicesVisible(visibilityOf(scope));
    return services
      .filter((s) => canManage(scope, s))
      .map((s) => ({
        id: s.id,
        name: s.name,
        organisationId: s.organisationId,
        organisationName: s.organisationName,
        isActive: (s.startDate ?? today) <= today && (s.endDate === null || s.endDate >= today),
      }));
  }

  /** Loads a role the caller may manage: 404 outside their scope, 403 without a manager role on its service. */
  async function manageableRole(scope: AccessScope, roleId: string) {
    const row = await repo.roleById(roleId);
    const service = row && { id: row.healthcareServiceId, organisationId: row.organisationId };
    if (!row || !service || !isReachable(scope, service))
      throw new NotFoundError('Practitioner role not found.');
    if (!canManage(scope, service))
      throw new ForbiddenError('You cannot manage practitioner roles of this healthcare service.');
    return row;
  }

  async function detailOf(row: RoleRow, scope: AccessScope): Promise<PractitionerRoleDetail> {
    const today = australianToday();
    const [person, service] = await Promise.all([
      repo.practitionerById(row.practitionerId),
      repo.serviceById(row.healthcareServiceId),
    ]);
    if (!person || !service) throw new NotFoundError('Practitioner role not found.');
    const offering = offeringOf(row, scope, today);
    return {
      id: row.id,
      practitioner: {
        id: person.id,
        givenName: person.givenName,
        familyName: person.familyName,
        hpiiIdentifier: person.hpii,
      },
      healthcareServiceId: row.healthcareServiceId,
      healthcareServiceName: row.healthcareServiceName,
      organisationId: row.organisationId,
      organisationName: service.organisationName,
      locationAddress: offering.locationAddress,
      locationType: offering.locationType,
      primaryType: row.primaryType,
      specialty: row.specialty,
      languages: row.languages,
      preferredName: row.preferredName,
      numberOfDays: row.numberOfDays,
      startDate: row.startDate,
      endDate: row.endDate,
      availableTime: row.availableTime.length ? toOpeningDays(row.availableTime) : [],
      isActive: offering.isActive,
      canManage: offering.canManage,
    };
  }

  /**
   * Asks the HI Service whether it holds this HPI-I, active, for these names, and audits the question
   * (who, which HPI-I, match or not) whatever the answer: a number alone names nobody, and every search
   * leaves a trace (docs/decisions/055-hpii-lookup-and-managing-powers.md). The names are not recorded.
   */
  async function searchHiService(
    auth: AuthContext,
    search: SearchBody,
    requestId: string,
    purpose: 'search' | 'practitioner-role',
  ): Promise<boolean> {
    const found = await hiService.searchProvider({
      hpii: search.hpii,
      familyName: search.familyName,
      givenName: search.givenName,
      identifierType: 'hpii',
    });
    const match = found !== null;
    await deps.db.transaction((tx) =>
      appendAudit(tx, {
        actorUserId: auth.user.id,
        action: 'hi-service.search',
        entityType: 'HPI-I',
        entityId: search.hpii,
        changedFields: { match, purpose },
        requestId,
      }),
    );
    return match;
  }

  async function checkRoleType(primaryType: string) {
    const types = await repo.roleTypes();
    if (!types.includes(primaryType))
      throw new ValidationError([{ field: 'primaryType', message: 'Select a role' }]);
  }

  return {
    /** Practitioners with their service offerings, scoped to organisations where the user has effective roles. */
    async list(auth: AuthContext, query: ListQuery): Promise<ServiceOfferingsPage> {
      const { capabilities, scope } = accessOf(deps, auth);
      if (!capabilities.accessPractitioners) throw new ForbiddenError();
      const today = australianToday();
      let visibility = visibilityOf(scope);
      if (query.organisationId) {
        const subtree = await repo.subtreeOf(query.organisationId);
        visibility = {
          organisationIds: visibility.organisationIds.filter((id) => subtree.has(id)),
          serviceIds: visibility.serviceIds.filter((id) =>
            subtree.has(scope.serviceOrganisation.get(id) ?? ''),
          ),
        };
        if (!visibility.organisationIds.length && !visibility.serviceIds.length)
          throw new NotFoundError('Organisation not found.');
      }
      const filters = { isActive: query.isActive, name: query.name, today };
      const page = await repo.practitionerPage(visibility, filters, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      // Only someone who may manage practitioners can have a service to add them to.
      const services = capabilities.managePractitioners
        ? await manageableServices(scope, today)
        : [];
      const roles = page.roles;
      const byPractitioner = new Map<string, ServiceOffering[]>();
      for (const role of roles) {
        const list = byPractitioner.get(role.practitionerId) ?? [];
        list.push(offeringOf(role, scope, today));
        byPractitioner.set(role.practitionerId, list);
      }
      return {
        practitioners: page.rows.map((p) => ({
          id: p.id,
          givenName: p.givenName,
          familyName: p.familyName,
          hpiiIdentifier: p.hpii,
          photoData: p.photoData,
          serviceOfferings: byPractitioner.get(p.id) ?? [],
        })),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
        organisationHasPractitioners: page.total > 0 || (await repo.anyVisibleRole(visibility)),
        hasActiveManageableService: services.some((s) => s.isActive),
      };
    },

    /** Services the user may add roles to, and the role types. */
    async options(auth: AuthContext): Promise<PractitionerRoleOptions> {
      const scope = await requireCapability(auth, 'managePractitioners');
      const [healthcareServices, roleTypes] = await Promise.all([
        manageableServices(scope, australianToday()),
        repo.roleTypes(),
      ]);
      return { healthcareServices, roleTypes };
    },

    /** Known practitioners (holding a role the user can see) by name. */
    async search(auth: AuthContext, name: string): Promise<PractitionerSummary[]> {
      const scope = await requireCapability(auth, 'managePractitioners');
      return repo.searchByName(visibilityOf(scope), name);
    },

    /** The HI Service's provider search: match or no match for an HPI-I with the names; audited. */
    async searchHpii(
      auth: AuthContext,
      search: SearchBody,
      requestId: string,
    ): Promise<HpiiSearchResult> {
      await requireCapability(auth, 'managePractitioners');
      return { match: await searchHiService(auth, search, requestId, 'search') };
    },

    /** One role for the edit and read views (both need a manager role on its service). */
    async get(auth: AuthContext, roleId: string): Promise<PractitionerRoleDetail> {
      const scope = await requireCapability(auth, 'accessPractitioners');
      return detailOf(await manageableRole(scope, roleId), scope);
    },

    /** Adds a role for a known practitioner or one confirmed by the HI Service; audited. */
    async create(
      auth: AuthContext,
      body: CreateBody,
      requestId: string,
    ): Promise<PractitionerRoleDetail> {
      const scope = await requireCapability(auth, 'managePractitioners');
      const service = await repo.serviceById(body.healthcareServiceId);
      if (!service || !isReachable(scope, service))
        throw new ValidationError([
          { field: 'healthcareServiceId', message: 'Select a healthcare service' },
        ]);
      if (!canManage(scope, service))
        throw new ForbiddenError('You cannot add practitioner roles to this healthcare service.');
      await checkRoleType(body.primaryType);
      const specialty = await checkedSpecialty(deps.db, body.specialty, null);

      let practitionerId: string | null = null;
      let fromHiService: { hpii: string; givenName: string; familyName: string } | null = null;
      if (body.practitionerId) {
        const person = await repo.practitionerById(body.practitionerId);
        if (!person || !(await repo.holdsVisibleRole(person.id, visibilityOf(scope))))
          throw new ValidationError([
            { field: 'practitionerId', message: 'Find a practitioner by HPI-I or by name' },
          ]);
        practitionerId = person.id;
      } else if (body.hiService) {
        // The match is asked again (a page's earlier answer is not evidence), and counted and audited
        // as any search. A new practitioner takes the names the caller gave and the HI Service matched.
        const search = body.hiService;
        if (!(await searchHiService(auth, search, requestId, 'practitioner-role')))
          throw new ValidationError([
            { field: 'hiService.hpii', message: hpiiSearchMessages.noMatch },
          ]);
        const known = await repo.practitionerByHpii(search.hpii);
        if (known) practitionerId = known.id;
        else
          fromHiService = {
            hpii: search.hpii,
            givenName: search.givenName,
            familyName: search.familyName,
          };
      }

      const roleId = await deps.db.transaction(async (tx) => {
        if (!practitionerId && fromHiService) {
          practitionerId = await insertPractitioner(tx, fromHiService);
          await appendAudit(tx, {
            actorUserId: auth.user.id,
            action: 'practitioner.created',
            entityType: 'Practitioner',
            entityId: practitionerId,
            changedFields: { ...fromHiService, source: 'HI Service' },
            requestId,
          });
        }
        const values = {
          practitionerId: practitionerId!,
          healthcareServiceId: service.id,
          primaryType: body.primaryType,
          specialty,
          languages: body.languages ?? [],
          preferredName: body.preferredName,
          numberOfDays: body.numberOfDays,
          startDate: body.startDate,
          endDate: body.endDate,
          availableTime: toStoredHours(body.availableTime ?? []),
        };
        const id = await insertRole(tx, values);
        await appendAudit(tx, {
          actorUserId: auth.user.id,
          action: 'practitioner-role.created',
          entityType: 'PractitionerRole',
          entityId: id,
          changedFields: values,
          requestId,
        });
        return id;
      });
      return detailOf((await repo.roleById(roleId))!, scope);
    },

    /** Edits a role's fields; 403 unless the user manages its healthcare service; audited with what changed. */
    async update(
      auth: AuthContext,
      roleId: string,
      body: UpdateBody,
      requestId: string,
    ): Promise<PractitionerRoleDetail> {
      const scope = await requireCapability(auth, 'managePractitioners');
      const before = await manageableRole(scope, roleId);
      await checkRoleType(body.primaryType);
      const next = {
        primaryType: body.primaryType,
        specialty: await checkedSpecialty(deps.db, body.specialty, before.specialty),
        // Not sent: kept as they were (docs/decisions/078-languages-and-billing.md).
        languages: body.languages ?? before.languages,
        preferredName: body.preferredName,
        numberOfDays: body.numberOfDays,
        startDate: body.startDate,
        endDate: body.endDate,
        // Absent: the hours stay as they are (a client that does not know them does not clear them).
        availableTime: body.availableTime
          ? toStoredHours(body.availableTime)
          : before.availableTime,
      };
      const changed = Object.fromEntries(
        Object.entries(next).filter(
          ([key, value]) =>
            JSON.stringify(before[key as keyof typeof next]) !== JSON.stringify(value),
        ),
      );
      await deps.db.transaction(async (tx) => {
        await updateRole(tx, roleId, next);
        await appendAudit(tx, {
          actorUserId: auth.user.id,
          action: 'practitioner-role.updated',
          entityType: 'PractitionerRole',
          entityId: roleId,
          changedFields: changed,
          requestId,
        });
      });
      return detailOf((await repo.roleById(roleId))!, scope);
    },
  };
}
