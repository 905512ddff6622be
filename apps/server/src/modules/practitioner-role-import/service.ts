import {
  australianToday,
  classifyRoles,
  practitionerRoleImportLimits as limits,
  practitionerRoleImportMessages as messages,
  practitionerRoleImportProblemTypes as problemTypes,
  type ImportPreview,
  type ImportRequest,
  type ImportResult,
  type ImportRunProgress,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { appendAudits, type AuditEntry } from '#platform/audit.ts';
import { accessOf } from '#platform/access/guards.ts';
import { rolesOnOrganisation } from '#platform/access/scope.ts';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '#platform/errors.ts';
import { assemble, hpiisIn } from './assemble.ts';
import { CisBundleError, readSearchPage, resourceProblem } from './bundle.ts';
import { practitionerRoleImportRepository as repo, type RunRow } from './repository.ts';

/** A connection to a clinical information system, opened for the caller (the SMART connections' service). */
export interface CisClient {
  connection: { id: string; name: string; iss: string; organisationId: string };
  /** GET a path and query under the connection's FHIR base with its access token; the parsed JSON. */
  getJson(pathAndQuery: string, signal?: AbortSignal): Promise<unknown>;
}

/** Opens a connection for the caller: 404 when they may not see it, 409 when it is not connected. */
export type CisClientFor = (connectionId: string, auth: AuthContext) => Promise<CisClient>;

/** The first page's search: every role with its practitioner, location and service included. */
export const firstPagePath = `PractitionerRole?_include=PractitionerRole:practitioner&_include=PractitionerRole:location&_include=PractitionerRole:service&_count=${limits.pageSize}`;

const slug = (type: string) => type.replace(/^\/problems\//, '');

/**
 * The clinical system could not answer, or answered nonsense: a 502 problem naming it, never a 500. A network
 * failure is not kept as the cause: the error handler would take a refused connection for the database's.
 */
const cisProblem = (name: string, cause: unknown) =>
  new HttpError(
    502,
    'Clinical information system unavailable',
    `${messages.readError} ${name}: ${cause instanceof CisBundleError ? cause.message : 'it did not answer as expected.'}`,
    slug(problemTypes.cisUnavailable),
    undefined,
    cause instanceof CisBundleError ? { cause } : undefined,
  );

const progressOf = (run: RunRow): ImportRunProgress => ({
  runId: run.id,
  connectionName: run.connectionName,
  pagesRead: run.pagesRead,
  rolesRead: run.rolesRead,
  total: run.total,
  done: run.done,
});

/**
 * The practitioner role import (docs/decisions/070-practitioner-role-import.md): a run reads the clinical
 * system's roles a page per request (the page shows progress and can stop), the preview classifies them,
 * and the import writes the chosen ones in one transaction with an audit event each. Only an
 * OrganisationManager of the connection's organisation, and only the one who started a run, sees it: 404
 * for anyone else.
 */
export function practitionerRoleImportService(
  deps: Pick<AppDeps, 'db' | 'config'>,
  cisClientFor: CisClientFor,
) {
  const { db } = deps;

  const manages = (auth: AuthContext, organisationId: string) =>
    rolesOnOrganisation(accessOf(deps, auth).scope, organisationId).includes('OrganisationManager');

  async function ownRun(auth: AuthContext, runId: string) {
    const run = await repo.runById(db, runId);
    const expired = run && Date.now() - run.createdAt.getTime() > limits.runLifetimeMs;
    if (!run || expired || run.userId !== auth.user.id || !manages(auth, run.organisationId))
      throw new NotFoundError(messages.runGone);
    return run;
  }

  async function readPage(client: CisClient, run: RunRow): Promise<ImportRunProgress> {
    if (run.pagesRead >= limits.maxPages)
      throw new ConflictError(
        `The clinical system has more roles than one import reads (${limits.maxPages * limits.pageSize}).`,
      );
    let page;
    try {
      const body = await client.getJson(run.nextPath ?? firstPagePath);
      page = readSearchPage(client.connection.iss, body);
    } catch (error) {
      // The connection's own answers (not connected, not found, its 502) pass through as they are.
      if (error instanceof HttpError) throw error;
      throw cisProblem(client.connection.name, error);
    }
    // Checked once, as each page arrives (reading shows progress), not again at every preview and import.
    const checked = page.resources.map((resource) => ({
      resource,
      problem: resourceProblem(resource),
    }));
    const saved = await repo.savePage(db, run, page, checked);
    if (!saved) throw new ConflictError('This page was read already: ask for the next one.');
    return progressOf(saved);
  }

  /** What a run read, assembled against the organisation's services, practitioners and role types. */
  async function assembled(run: RunRow) {
    const [checked, services, roleTypes] = await Promise.all([
      repo.resourcesOf(db, run.id),
      repo.servicesOf(db, run.organisationId),
      repo.roleTypes(db),
    ]);
    const resources = checked.map((c) => c.resource);
    const problems = new Map(checked.map((c) => [c.resource, c.problem]));
    const practitionerIdsByHpii = await repo.practitionerIdsByHpii(db, hpiisIn(resources));
    const result = assemble({ resources, problems, services, practitionerIdsByHpii, roleTypes });
    const practitionerIds = [
      ...new Set(result.roles.flatMap((r) => (r.practitionerId ? [r.practitionerId] : []))),
    ];
    return { ...result, practitionerIds, serviceIds: services.map((s) => s.id) };
  }

  return {
    /** Starts a run on a connection and reads its first page. */
    async start(auth: AuthContext, connectionId: string): Promise<ImportRunProgress> {
      const client = await cisClientFor(connectionId, auth);
      if (!manages(auth, client.connection.organisationId))
        throw new NotFoundError('Connection not found.');
      await repo.deleteRunsBefore(db, new Date(Date.now() - limits.runLifetimeMs));
      const run = await repo.insertRun(db, {
        connectionId: client.connection.id,
        connectionName: client.connection.name,
        organisationId: client.connection.organisationId,
        userId: auth.user.id,
      });
      return readPage(client, run);
    },

    /** Reads a run's next page (nothing when it has read them all). */
    async next(auth: AuthContext, runId: string): Promise<ImportRunProgress> {
      const run = await ownRun(auth, runId);
      if (run.done) return progressOf(run);
      return readPage(await cisClientFor(run.connectionId, auth), run);
    },

    /** Forgets a run (the page's Cancel). */
    async cancel(auth: AuthContext, runId: string): Promise<void> {
      await ownRun(auth, runId);
      await repo.deleteRun(db, runId);
    },

    /** The preview of a run read to the end. */
    async preview(auth: AuthContext, runId: string): Promise<ImportPreview> {
      const run = await ownRun(auth, runId);
      if (!run.done)
        throw new HttpError(
          409,
          'Conflict',
          'The roles are still being read: read every page first.',
          slug(problemTypes.runNotReady),
        );
      const [a, organisationName] = await Promise.all([
        assembled(run),
        repo.organisationName(db, run.organisationId),
      ]);
      return {
        runId: run.id,
        connection: { id: run.connectionId, name: run.connectionName },
        organisation: { id: run.organisationId, name: organisationName ?? '' },
        today: australianToday(),
        services: a.services,
        sources: a.sources,
        roles: a.roles,
        existing: await repo.existingRoles(db, a.practitionerIds, a.serviceIds),
      };
    },

    /**
     * Imports the chosen rows under the mapping, in one transaction: the organisation's services are locked
     * (two imports at once, from two tabs or two managers, run one after the other), the run is taken (a
     * second import of it finds nothing), the roles are classified again against the organisation's roles
     * as they now are (locked), and the new ones are inserted, the changed ones updated and every change
     * audited — each a single statement for the whole import.
     */
    async import(
      auth: AuthContext,
      runId: string,
      body: ImportRequest,
      requestId: string,
    ): Promise<ImportResult> {
      const run = await ownRun(auth, runId);
      if (!run.done)
        throw new HttpError(
          409,
          'Conflict',
          'The roles are still being read: read every page first.',
          slug(problemTypes.runNotReady),
        );
      const a = await assembled(run);
      const known = new Set(a.serviceIds);
      const unknown = Object.entries(body.mapping).find(([, id]) => id !== '' && !known.has(id));
      if (unknown)
        throw new ValidationError([
          {
            field: `mapping.${unknown[0]}`,
            message: 'Choose one of your organisation’s healthcare services',
          },
        ]);
      const chosen = new Set(body.chosen);
      const today = australianToday();
      const source = `imported from ${run.connectionName}`;
      const actor = {
        actorUserId: auth.user.id,
        actingForPractitionerId: auth.currentUser.managingPractitioner?.id ?? null,
        requestId,
        organisationId: run.organisationId,
      };
      return db.transaction(async (tx) => {
        // First, so a concurrent import of the same services waits here and then reads this one's roles.
        await repo.lockServices(tx, a.serviceIds);
        if (!(await repo.deleteRun(tx, run.id))) throw new NotFoundError(messages.runGone);
        const existing = await repo.existingRoles(tx, a.practitionerIds, a.serviceIds, true);
        const rows = classifyRoles(a.roles, existing, body.mapping, today).filter((r) =>
          chosen.has(r.role.cisId),
        );
        const created = rows.filter((r) => r.status === 'new');
        const changed = rows.filter((r) => r.status === 'changed');
        const ids = await repo.insertRoles(
          tx,
          created.map((r) => ({
            practitionerId: r.role.practitionerId!,
            healthcareServiceId: r.healthcareServiceId!,
            ...r.next!,
          })),
        );
        await repo.updateRoles(
          tx,
          changed.map((r) => ({ id: r.existingRoleId!, ...r.next! })),
        );
        const audits: AuditEntry[] = [
          ...created.map((r, i) => ({
            ...actor,
            action: 'practitioner-role.imported',
            entityType: 'PractitionerRole',
            entityId: ids[i]!,
            subjectPractitionerId: r.role.practitionerId,
            changedFields: {
              source,
              clinicalSystemRoleId: r.role.cisId,
              healthcareServiceId: r.healthcareServiceId,
              ...r.next,
            },
          })),
          ...changed.map((r) => ({
            ...actor,
            action: 'practitioner-role.import-updated',
            entityType: 'PractitionerRole',
            entityId: r.existingRoleId,
            subjectPractitionerId: r.role.practitionerId,
            changedFields: {
              source,
              clinicalSystemRoleId: r.role.cisId,
              ...Object.fromEntries(r.changes.map((c) => [c.field, c.to])),
            },
          })),
        ];
        await appendAudits(tx, audits);
        return {
          created: created.length,
          updated: changed.length,
          skipped: chosen.size - created.length - changed.length,
          organisationId: run.organisationId,
        };
      });
    },
  };
}

export type PractitionerRoleImportService = ReturnType<typeof practitionerRoleImportService>;
