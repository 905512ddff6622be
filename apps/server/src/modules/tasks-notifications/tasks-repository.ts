import { detailsVerifiedNow } from '#platform/entities/audited-write.ts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import {
  credentialDocuments,
  healthcareServices,
  locations,
  notifications,
  organisations,
  partnerServices,
  practitionerRoles,
  practitioners,
  tasks,
  type TaskVerifiedValue,
} from '#db/schema/index.ts';
import type { TaskStatus } from '@pca/contracts';
import { alias } from 'drizzle-orm/pg-core';

type Executor = Database | Transaction;
export type TaskRow = typeof tasks.$inferSelect;
export type TaskEntityType = TaskRow['entityType'];

// The entity a task names: one left join per kind, only the one matching entity_type finds a row.
const roleService = alias(healthcareServices, 'role_service');
const entityJoins = {
  organisation: and(eq(tasks.entityType, 'Organisation'), eq(organisations.id, tasks.entityId)),
  service: and(
    eq(tasks.entityType, 'HealthcareService'),
    eq(healthcareServices.id, tasks.entityId),
  ),
  location: and(eq(tasks.entityType, 'Location'), eq(locations.id, tasks.entityId)),
  role: and(eq(tasks.entityType, 'PractitionerRole'), eq(practitionerRoles.id, tasks.entityId)),
  document: and(
    eq(tasks.entityType, 'CredentialDocument'),
    eq(credentialDocuments.id, tasks.entityId),
  ),
};
/** A role is named by its practitioner at its healthcare service. */
const entityName = sql<string>`coalesce(
  ${organisations.name}, ${healthcareServices.name}, ${locations.name},
  ${practitioners.givenName} || ' ' || ${practitioners.familyName} || ' at ' || ${roleService.name},
  nullif(${credentialDocuments.title}, ''), ${credentialDocuments.fileName},
  '')`;

/** Reads and writes of tasks (docs/decisions/025-tasks.md). */
export function tasksRepository(db: Database) {
  const selectWithEntity = (executor: Executor) =>
    executor
      .select({
        task: tasks,
        entityName,
        partnerServiceName: partnerServices.name,
        partnerServiceLogo: partnerServices.logo,
        partnerCode: partnerServices.code,
        documentPractitionerId: credentialDocuments.practitionerId,
        total: sql<number>`count(*) over ()`,
      })
      .from(tasks)
      .leftJoin(organisations, entityJoins.organisation)
      .leftJoin(healthcareServices, entityJoins.service)
      .leftJoin(locations, entityJoins.location)
      .leftJoin(practitionerRoles, entityJoins.role)
      .leftJoin(practitioners, eq(practitioners.id, practitionerRoles.practitionerId))
      .leftJoin(roleService, eq(roleService.id, practitionerRoles.healthcareServiceId))
      .leftJoin(credentialDocuments, entityJoins.document)
      .leftJoin(partnerServices, eq(partnerServices.id, tasks.partnerServiceId));

  return {
    /** The tab counts of one practitioner, in one statement. */
    async counts(practitionerId: string) {
      const [row] = await db
        .select({
          openTasks: sql<number>`(select count(*)::int from ${tasks}
            where ${tasks.practitionerId} = ${practitionerId} and ${tasks.status} = 'NotComplete')`,
          unreadNotifications: sql<number>`(select count(*)::int from ${notifications}
            where ${notifications.practitionerId} = ${practitionerId} and ${notifications.status} = 'Unread')`,
        })
        .from(sql`(select 1) as one`);
      return {
        openTasks: Number(row?.openTasks ?? 0),
        unreadNotifications: Number(row?.unreadNotifications ?? 0),
      };
    },

    /** One page of a practitioner's tasks in one status, urgent first, newest first, with the total. */
    async page(
      practitionerId: string,
      status: TaskStatus,
      page: { limit: number; offset: number },
    ) {
      const where = and(eq(tasks.practitionerId, practitionerId), eq(tasks.status, status));
      const rows = await selectWithEntity(db)
        .where(where)
        .orderBy(sql`${tasks.priorityCode} = 'urgent' desc`, desc(tasks.createdAt), desc(tasks.id))
        .limit(page.limit)
        .offset(page.offset);
      // Past the last page there is no row to carry the total: only then is it counted on its own.
      const total =
        rows[0]?.total ??
        (page.offset > 0
          ? ((await db.select({ total: count() }).from(tasks).where(where))[0]?.total ?? 0)
          : 0);
      return { rows, total: Number(total) };
    },

    /** A task with its entity's name and its partner service (name and logo). */
    async find(executor: Executor, taskId: string) {
      const [row] = await selectWithEntity(executor).where(eq(tasks.id, taskId)).limit(1);
      return row;
    },

    /** A practitioner role with its service's organisation (the rule of who may manage it). */
    async role(executor: Executor, roleId: string) {
      const [row] = await executor
        .select({
          id: practitionerRoles.id,
          practitionerId: practitionerRoles.practitionerId,
          healthcareServiceId: practitionerRoles.healthcareServiceId,
          organisationId: healthcareServices.organisationId,
          preferredName: practitionerRoles.preferredName,
          numberOfDays: practitionerRoles.numberOfDays,
        })
        .from(practitionerRoles)
        .innerJoin(
          healthcareServices,
          eq(healthcareServices.id, practitionerRoles.healthcareServiceId),
        )
        .where(eq(practitionerRoles.id, roleId));
      return row;
    },

    async credentialDocument(executor: Executor, id: string) {
      const [row] = await executor
        .select({ id: credentialDocuments.id, practitionerId: credentialDocuments.practitionerId })
        .from(credentialDocuments)
        .where(eq(credentialDocuments.id, id));
      return row;
    },

    async organisation(executor: Executor, id: string) {
      const [row] = await executor.select().from(organisations).where(eq(organisations.id, id));
      return row;
    },

    async location(executor: Executor, id: string) {
      const [row] = await executor.select().from(locations).where(eq(locations.id, id));
      return row;
    },

    async service(executor: Executor, id: string) {
      const [row] = await executor
        .select()
        .from(healthcareServices)
        .where(eq(healthcareServices.id, id));
      return row;
    },

    /** Writes the suggested values on the entity (the columns are chosen by the service). */
    async updateEntity(
      tx: Transaction,
      entityType: Exclude<TaskEntityType, 'CredentialDocument'>,
      entityId: string,
      values: Record<string, string | number | null>,
    ) {
      // A suggested value accepted is a save of the details, so it is stamped as the portal's own save is
      // (platform/entities/audited-write.ts): the partner API's meta.lastUpdated and _lastUpdated read it.
      if (entityType === 'PractitionerRole')
        return void (await tx
          .update(practitionerRoles)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(practitionerRoles.id, entityId)));
      const table = {
        Organisation: organisations,
        HealthcareService: healthcareServices,
        Location: locations,
      }[entityType];
      await tx
        .update(table)
        .set({ ...values, ...detailsVerifiedNow })
        .where(eq(table.id, entityId));
    },

    /**
     * Completes the other open confirm-details tasks of an entity (its other managers' reminders), once
     * one of them confirmed the details; answers their ids.
     */
    async completeConfirmDetails(tx: Transaction, entityId: string, resolvedByUserId: string) {
      const rows = await tx
        .update(tasks)
        .set({
          status: 'Complete',
          outcome: 'CurrentValueKept',
          resolvedByUserId,
          verifiedValues: [],
          resolvedAt: new Date(),
        })
        .where(
          and(
            eq(tasks.kind, 'ConfirmDetails'),
            eq(tasks.entityId, entityId),
            eq(tasks.status, 'NotComplete'),
          ),
        )
        .returning({ id: tasks.id });
      return rows.map((r) => r.id);
    },

    /** Records that an organisation's, location's or service's details were confirmed now. */
    async markDetailsVerified(
      tx: Transaction,
      entityType: Exclude<TaskEntityType, 'PractitionerRole' | 'CredentialDocument'>,
      entityId: string,
    ) {
      const table = {
        Organisation: organisations,
        HealthcareService: healthcareServices,
        Location: locations,
      }[entityType];
      const [row] = await tx
        .update(table)
        .set({ detailsVerifiedAt: sql`now()` })
        .where(eq(table.id, entityId))
        .returning({ at: table.detailsVerifiedAt });
      return row?.at ?? null;
    },

    /**
     * Resolves an open task, and the open copies of the same partner suggestion. The status is checked
     * in the WHERE, so of two racing requests only one moves the task (the other gets no row back).
     */
    async resolve(
      tx: Transaction,
      taskId: string,
      values: {
        status: 'Complete' | 'Dismissed';
        outcome: 'SuggestedValueAccepted' | 'CurrentValueKept';
        resolvedByUserId: string;
        verifiedValues: TaskVerifiedValue[];
      },
    ) {
      const resolvedAt = new Date();
      const [row] = await tx
        .update(tasks)
        .set({ ...values, resolvedAt })
        .where(and(eq(tasks.id, taskId), eq(tasks.status, 'NotComplete')))
        .returning({ id: tasks.id, partnerRequestId: tasks.partnerRequestId });
      // A partner's suggestion went to everyone who may verify it: the first answer is the answer
      // (docs/decisions/031-fhir-partner-api.md), so the others' copies close with it.
      if (row?.partnerRequestId)
        await tx
          .update(tasks)
          .set({ ...values, resolvedAt })
          .where(
            and(eq(tasks.partnerRequestId, row.partnerRequestId), eq(tasks.status, 'NotComplete')),
          );
      return row !== undefined;
    },
  };
}
