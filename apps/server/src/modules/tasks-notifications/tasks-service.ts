import {
  canManagePractitionerRole,
  constants,
  taskProblemTypes,
  taskPropertyValue,
  type OnlineFormUrl,
  type TaskListItem,
  type TaskPropertyName,
  type TasksNotificationsCounts,
  type TasksPage,
  type TaskStatus,
  type VerifyInformationTask,
} from '@pca/contracts';
import type { TaskVerifiedValue } from '#db/schema/index.ts';
import { rolesOnOrganisation, rolesOnService } from '#platform/access/scope.ts';
import { appendAudit } from '#platform/audit.ts';
import type { AppDeps } from '#platform/deps.ts';
import { HttpError, NotFoundError, ValidationError } from '#platform/errors.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { accessOf } from '#platform/access/guards.ts';
import { signOnlineFormToken } from '#platform/partner-tokens.ts';
import { nullable } from '#platform/entities/summaries.ts';
import { type TaskEntityType, type TaskRow, tasksRepository } from './tasks-repository.ts';

const contactColumns = {
  AfterHoursPhone: 'afterHoursPhone',
  Email: 'email',
  Fax: 'fax',
  Phone: 'phone',
  Website: 'website',
} as const;

/**
 * The column each property sets, per entity (docs/product/features.md#feature-entities). An organisation
 * keeps no after-hours phone, and contact channels are not a role's: such a suggestion is not applicable.
 */
const columnOf: Record<TaskEntityType, Partial<Record<TaskPropertyName, string>>> = {
  Organisation: { Email: 'email', Fax: 'fax', Phone: 'phone', Website: 'website' },
  HealthcareService: contactColumns,
  Location: contactColumns,
  PractitionerRole: { NumberOfDays: 'numberOfDays', PreferredName: 'preferredName' },
  // A credential document's reminder suggests no value (docs/decisions/057-credential-documents.md).
  CredentialDocument: {},
};

const toIso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

const stored = (value: unknown) =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : String(value);

const notOpen = () =>
  new HttpError(
    409,
    'Conflict',
    'This task is no longer open: it was completed or dismissed.',
    taskProblemTypes.notOpen,
  );

/**
 * Tasks (docs/decisions/025-tasks.md): the tab counts, the lists, the verify-information task and its
 * completion or dismissal, and the online form's signed address.
 */
export function tasksService(deps: Pick<AppDeps, 'db' | 'config'>) {
  const { db } = deps;
  const repo = tasksRepository(db);

  /** The practitioner whose tasks the caller sees: the one they manage, else their own. */
  const practitionerOf = (auth: AuthContext) =>
    auth.currentUser.managingPractitioner?.id ?? auth.currentUser.practitionerId;

  /**
   * Whether the caller may edit the task's entity, by the rules of the entity's own edit: an organisation
   * or location by its OrganisationManager, a service by its organisation's or its own manager, a role by
   * who may manage roles of its service — or, for a role, by its practitioner or a delegate managing them.
   */
  async function mayAct(auth: AuthContext, task: TaskRow): Promise<boolean> {
    const { scope } = auth;
    switch (task.entityType) {
      case 'Organisation':
        return rolesOnOrganisation(scope, task.entityId).includes('OrganisationManager');
      case 'Location': {
        const location = await repo.location(db, task.entityId);
        return (
          !!location &&
          rolesOnOrganisation(scope, location.organisationId).includes('OrganisationManager')
        );
      }
      case 'HealthcareService': {
        const service = await repo.service(db, task.entityId);
        if (!service) return false;
        const roles = rolesOnService(scope, service);
        return roles.includes('OrganisationManager') || roles.includes('HealthcareServiceManager');
      }
      case 'CredentialDocument': {
        // A document's expiry reminder is in its practitioner's list, or in the own list of a delegate of
        // theirs (docs/decisions/057-credential-documents.md): whoever sees that list acts on it.
        const document = await repo.credentialDocument(db, task.entityId);
        return !!document && task.practitionerId === practitionerOf(auth);
      }
      case 'PractitionerRole': {
        const role = await repo.role(db, task.entityId);
        if (!role) return false;
        const user = auth.currentUser;
        // The session's managing is honoured only while the delegation is Accepted (decision 020), and while
        // it holds the delegate acts for that practitioner alone: neither their own practitioner's roles nor
        // their manager roles count (docs/decisions/055-hpii-lookup-and-managing-powers.md).
        if (user.managingPractitioner) return role.practitionerId === user.managingPractitioner.id;
        if (role.practitionerId === user.practitionerId) return true;
        return (
          accessOf(deps, auth).capabilities.managePractitioners &&
          canManagePractitionerRole(
            rolesOnService(scope, {
              id: role.healthcareServiceId,
              organisationId: role.organisationId,
            }),
          )
        );
      }
    }
  }

  /** A task the caller may see and act on; anyone else is told it does not exist (404). */
  async function visibleTask(auth: AuthContext, taskId: string) {
    const row = await repo.find(db, taskId);
    if (!row || !(await mayAct(auth, row.task))) throw new NotFoundError('Task not found.');
    return row;
  }

  /** The entity's current value of each property the task names. */
  async function currentValues(task: TaskRow): Promise<Record<string, unknown>> {
    switch (task.entityType) {
      case 'Organisation':
        return (await repo.organisation(db, task.entityId)) ?? {};
      case 'Location':
        return (await repo.location(db, task.entityId)) ?? {};
      case 'HealthcareService':
        return (await repo.service(db, task.entityId)) ?? {};
      case 'PractitionerRole':
        return (await repo.role(db, task.entityId)) ?? {};
      case 'CredentialDocument':
        return {};
    }
  }

  /** An audit event of a task's answer: by the caller, for the practitioner they manage (if any). */
  function auditAnswer(
    tx: Parameters<typeof appendAudit>[0],
    auth: AuthContext,
    requestId: string,
    event: {
      action: string;
      entityType: string;
      entityId: string;
      changedFields: Record<string, unknown>;
    },
  ) {
    return appendAudit(tx, {
      actorUserId: auth.user.id,
      actingForPractitionerId: auth.currentUser.managingPractitioner?.id ?? null,
      ...event,
      requestId,
    });
  }

  /**
   * Confirm the details are still current (docs/decisions/027-reminders.md): in one transaction the
   * entity's details_verified_at is now, this task and any other open confirm-details task of the same
   * entity are Complete, and both are audited.
   */
  async function confirmDetails(auth: AuthContext, task: TaskRow, requestId: string) {
    const { entityType } = task;
    if (entityType === 'PractitionerRole' || entityType === 'CredentialDocument')
      throw new NotFoundError('Task not found.');
    await db.transaction(async (tx) => {
      if (
        !(await repo.resolve(tx, task.id, {
          status: 'Complete',
          outcome: 'CurrentValueKept',
          resolvedByUserId: auth.user.id,
          verifiedValues: [],
        }))
      )
        throw notOpen();
      const others = await repo.completeConfirmDetails(tx, task.entityId, auth.user.id);
      const verifiedAt = await repo.markDetailsVerified(tx, entityType, task.entityId);
      await auditAnswer(tx, auth, requestId, {
        action: `${auditAction[task.entityType]}.details-confirmed`,
        entityType: task.entityType,
        entityId: task.entityId,
        changedFields: { detailsVerifiedAt: { to: verifiedAt }, taskId: task.id },
      });
      await auditAnswer(tx, auth, requestId, {
        action: 'task.complete',
        entityType: 'task',
        entityId: task.id,
        changedFields: {
          status: { from: 'NotComplete', to: 'Complete' },
          ...(others.length ? { alsoCompleted: others } : {}),
        },
      });
    });
  }

  return {
    async counts(auth: AuthContext): Promise<TasksNotificationsCounts> {
      const practitionerId = practitionerOf(auth);
      if (!practitionerId) return { openTasks: 0, unreadNotifications: 0 };
      return repo.counts(practitionerId);
    },

    async list(auth: AuthContext, status: TaskStatus, page: number): Promise<TasksPage> {
      const pageSize = constants.notificationPageSize;
      const practitionerId = practitionerOf(auth);
      if (!practitionerId) return { items: [], page, pageSize, total: 0 };
      const { rows, total } = await repo.page(practitionerId, status, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      const items: TaskListItem[] = rows.map(({ task, entityName, partnerServiceName }) => ({
        id: task.id,
        kind: task.kind,
        taskStatus: task.status,
        taskPriorityCode: task.priorityCode,
        entityType: task.entityType,
        entityName,
        partnerServiceName,
        propertyDisplayNames: task.properties.map((p) => p.displayName),
        created: toIso(task.createdAt)!,
        resolvedAt: toIso(task.resolvedAt),
      }));
      return { items, page, pageSize, total };
    },

    async get(auth: AuthContext, taskId: string): Promise<VerifyInformationTask> {
      const { task, entityName, partnerServiceName, partnerServiceLogo, documentPractitionerId } =
        await visibleTask(auth, taskId);
      const current = await currentValues(task);
      return {
        id: task.id,
        kind: task.kind,
        entityId: task.entityId,
        entityType: task.entityType,
        entityName,
        taskStatus: task.status,
        taskPriorityCode: task.priorityCode,
        partnerServiceName,
        partnerServiceLogo: partnerServiceLogo ?? null,
        reason: task.reason,
        properties: task.properties.map((p) => {
          const column = columnOf[task.entityType][p.name];
          return { ...p, currentValue: column ? stored(current[column]) : null };
        }),
        created: toIso(task.createdAt)!,
        resolvedAt: toIso(task.resolvedAt),
        outcome: task.outcome,
        // A delegate's copy of a practitioner's reminder (reminders.ts): its document's page is reached by
        // managing that practitioner, not from the delegate's own account.
        ...(task.kind === 'CredentialExpiry'
          ? { managedPractitionersDocument: documentPractitionerId !== task.practitionerId }
          : {}),
      };
    },

    /**
     * Verify with the suggested value: the entity takes it, the task is Complete with who and how, and
     * both are audited — one transaction. The suggestion is checked by the entity edit's own schemas.
     */
    async complete(
      auth: AuthContext,
      taskId: string,
      requestId: string,
      choice: 'suggested' | 'confirmed' = 'suggested',
    ) {
      const { task } = await visibleTask(auth, taskId);
      if (task.status !== 'NotComplete') throw notOpen();
      if (task.kind === 'ConfirmDetails' && choice === 'confirmed')
        return confirmDetails(auth, task, requestId);
      if (
        task.kind !== 'VerifyInformation' ||
        task.entityType === 'CredentialDocument' ||
        task.properties.length === 0 ||
        choice !== 'suggested'
      )
        throw new HttpError(
          409,
          'Conflict',
          task.kind === 'OnlineForm'
            ? 'This task is completed on the partner service’s online form.'
            : task.kind === 'ConfirmDetails'
              ? 'This task is completed by confirming the details are still current.'
              : task.kind === 'CredentialExpiry'
                ? 'This task is completed by updating the credential document, or dismissed.'
                : 'This task is completed by choosing the suggested value.',
          taskProblemTypes.notApplicable,
        );
      const values: Record<string, string | number | null> = {};
      const verified: TaskVerifiedValue[] = [];
      const errors: { field: string; message: string }[] = [];
      for (const property of task.properties) {
        const column = columnOf[task.entityType][property.name];
        if (!column)
          throw new HttpError(
            409,
            'Conflict',
            `A ${property.displayName} cannot be set on this ${task.entityType}.`,
            taskProblemTypes.notApplicable,
          );
        const parsed = taskPropertyValue[property.name].safeParse(property.newValue);
        if (!parsed.success) {
          errors.push({
            field: property.name,
            message: parsed.error.issues[0]?.message ?? 'Invalid value',
          });
          continue;
        }
        const value = typeof parsed.data === 'string' ? nullable(parsed.data) : parsed.data;
        values[column] = value;
        verified.push({ name: property.name, value: value === null ? null : String(value) });
      }
      if (errors.length)
        throw new ValidationError(
          errors,
          'The partner service suggested a value that is not valid.',
        );
      const before = await currentValues(task);
      // Narrowed by the check above: a credential document's reminder never reaches here.
      const entityType = task.entityType;
      await db.transaction(async (tx) => {
        if (
          !(await repo.resolve(tx, task.id, {
            status: 'Complete',
            outcome: 'SuggestedValueAccepted',
            resolvedByUserId: auth.user.id,
            verifiedValues: verified,
          }))
        )
          throw notOpen();
        await repo.updateEntity(tx, entityType, task.entityId, values);
        const changed = Object.fromEntries(
          Object.entries(values).map(([k, to]) => [k, { from: before[k] ?? null, to }]),
        );
        await auditAnswer(tx, auth, requestId, {
          action: `${auditAction[task.entityType]}.updated`,
          entityType: task.entityType,
          entityId: task.entityId,
          changedFields: { ...changed, taskId: task.id },
        });
        await auditAnswer(tx, auth, requestId, {
          action: 'task.complete',
          entityType: 'task',
          entityId: task.id,
          changedFields: {
            status: { from: 'NotComplete', to: 'Complete' },
            verifiedValues: verified,
          },
        });
      });
    },

    /** Keep the current value: the task is Dismissed, with the values the partner should read back. */
    async dismiss(auth: AuthContext, taskId: string, requestId: string) {
      const { task } = await visibleTask(auth, taskId);
      if (task.status !== 'NotComplete') throw notOpen();
      // The portal's own reminder has no partner to tell and no value to keep: it is only confirmed.
      if (task.kind === 'ConfirmDetails')
        throw new HttpError(
          409,
          'Conflict',
          'This task is completed by confirming the details are still current.',
          taskProblemTypes.notApplicable,
        );
      const current = await currentValues(task);
      const verified: TaskVerifiedValue[] = task.properties.map((p) => {
        const column = columnOf[task.entityType][p.name];
        return { name: p.name, value: column ? stored(current[column]) : null };
      });
      await db.transaction(async (tx) => {
        if (
          !(await repo.resolve(tx, task.id, {
            status: 'Dismissed',
            outcome: 'CurrentValueKept',
            resolvedByUserId: auth.user.id,
            verifiedValues: verified,
          }))
        )
          throw notOpen();
        await auditAnswer(tx, auth, requestId, {
          action: 'task.dismiss',
          entityType: 'task',
          entityId: task.id,
          changedFields: {
            status: { from: 'NotComplete', to: 'Dismissed' },
            verifiedValues: verified,
          },
        });
      });
    },

    /** The partner's form with a token naming the task and the user, good for 5 minutes. */
    async onlineForm(auth: AuthContext, taskId: string): Promise<OnlineFormUrl> {
      const { task, partnerCode } = await visibleTask(auth, taskId);
      if (task.kind !== 'OnlineForm' || !task.formUrl || !partnerCode)
        throw new NotFoundError('This task has no online form.');
      if (task.status !== 'NotComplete') throw notOpen();
      const token = await signOnlineFormToken(deps.config, {
        partnerCode,
        task: task.partnerRequestId ?? task.id,
        userId: auth.user.id,
      });
      const url = new URL(task.formUrl);
      url.searchParams.set('token', token);
      return { url: url.toString() };
    },
  };
}

/** The audit action's prefix of each entity, as the entity's own edits write it. */
const auditAction: Record<TaskEntityType, string> = {
  Organisation: 'organisation',
  HealthcareService: 'healthcare-service',
  Location: 'location',
  PractitionerRole: 'practitioner-role',
  CredentialDocument: 'credential-document',
};
