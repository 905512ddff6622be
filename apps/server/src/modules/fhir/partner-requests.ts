import { randomUUID } from 'node:crypto';
import {
  isOnlineFormRequest,
  PartnerCommunicationInput,
  PartnerOnlineFormTaskInput,
  PartnerTaskInput,
  PartnerTaskPatch,
  partnerOnlineFormInput,
  partnerTaskPropertyLabels,
} from '@pca/contracts/fhir.ts';
import {
  taskPropertyNames,
  taskPropertyValue,
  type TaskPropertyName,
} from '@pca/contracts/tasks-notifications.ts';
import type { Database } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import { storeNotification } from '#db/notifications.ts';
import {
  canonicalId,
  FhirSearchError,
  fhirService,
  pageOf,
  type PartnerCaller,
  type SearchPage,
} from './service.ts';
import { partnerTasksRepository as repo, type TaskRow } from './repository.ts';
import type { Json } from './resources.ts';

// Partners talk back (docs/decisions/031-fhir-partner-api.md): a suggested change becomes a verify-information
// task for each person who may verify it (one partner request, many copies, the first answer closes all), as
// does a request to complete the partner's online form (which the partner reports completed); a notification
// reaches a practitioner the partner can see, and the partner reads its own tasks' outcomes.

/** A request the API refuses for what it says (422 with an OperationOutcome naming the problem). */
export class FhirUnprocessableError extends Error {}

/** A change the task's state does not allow (409 with an OperationOutcome). */
export class FhirConflictError extends Error {}

const fhirToTaskEntity = {
  Organization: 'Organisation',
  Location: 'Location',
  HealthcareService: 'HealthcareService',
  PractitionerRole: 'PractitionerRole',
} as const;
type FocusType = keyof typeof fhirToTaskEntity;
const taskEntityToFhir = Object.fromEntries(
  Object.entries(fhirToTaskEntity).map(([fhir, entity]) => [entity, fhir]),
) as Record<string, FocusType>;

/** The properties a suggestion may carry for each kind of entity. */
const propertiesOf: Record<FocusType, readonly TaskPropertyName[]> = {
  Organization: ['Fax', 'Website'],
  Location: ['Phone', 'AfterHoursPhone', 'Email', 'Fax', 'Website'],
  HealthcareService: ['Phone', 'AfterHoursPhone', 'Email', 'Fax', 'Website'],
  PractitionerRole: ['NumberOfDays', 'PreferredName'],
};

const statusOf = {
  NotComplete: 'requested',
  Complete: 'completed',
  Dismissed: 'rejected',
} as const;

const TASK_STATUS_SYSTEM = 'http://hl7.org/fhir/task-status';

/** The parameters GET /fhir/Task takes: `status`, the page and the format. */
const TASK_SEARCH_PARAMS = new Set(['status', '_count', '_offset', '_total', '_format']);

/** A status token (`code`, `|code` or `http://hl7.org/fhir/task-status|code`) as the tasks' status. */
function taskStatusOf(token: string): TaskRow['status'] {
  const bar = token.indexOf('|');
  const system = bar === -1 ? null : token.slice(0, bar);
  const code = token.slice(bar + 1);
  const status = Object.entries(statusOf).find(([, s]) => s === code)?.[0];
  if (!status || (system !== null && system !== '' && system !== TASK_STATUS_SYSTEM))
    throw new FhirSearchError(`Task status '${token}' is not requested, completed or rejected.`);
  return status as TaskRow['status'];
}

/** A page of the partner's tasks, and what its searchset's total and links are made of. */
export type TaskPage = SearchPage & { matches: Json[]; total: number };

/** The zod issues of a partner's resource as one readable sentence. */
function describe(error: { issues: Array<{ path: PropertyKey[]; message: string }> }) {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

function parseReference(reference: string): { type: string; id: string } {
  const [type = '', id = '', ...rest] = reference.split('/');
  if (rest.length || !type || !id)
    throw new FhirSearchError(`'${reference}' is not a reference of the form Type/id.`);
  return { type, id: canonicalId(id) };
}

export function partnerRequests(db: Database, options: { production: boolean }) {
  const reads = fhirService(db);

  /** The partner's Task of one request's copies: they share everything but who holds them; an answered copy decides. */
  function taskOf(requestId: string, copies: TaskRow[]): Json | null {
    const row = copies.find((r) => r.status !== 'NotComplete') ?? copies[0];
    if (!row) return null;
    return {
      resourceType: 'Task',
      id: requestId,
      status: statusOf[row.status],
      intent: 'proposal',
      priority: row.priorityCode === 'urgent' ? 'urgent' : 'routine',
      // A suggestion asks to change the focus; an online form asks to fulfil the partner's request about it.
      code: {
        coding: [
          {
            system: 'http://hl7.org/fhir/CodeSystem/task-code',
            code: row.kind === 'OnlineForm' ? 'fulfill' : 'change',
          },
        ],
      },
      description: row.reason,
      focus: { reference: `${taskEntityToFhir[row.entityType]}/${row.entityId}` },
      authoredOn: row.createdAt.toISOString(),
      lastModified: (row.resolvedAt ?? row.createdAt).toISOString(),
      ...(row.outcome ? { businessStatus: { text: row.outcome } } : {}),
      input:
        row.kind === 'OnlineForm' && row.formUrl
          ? [{ type: { text: partnerOnlineFormInput }, valueUrl: row.formUrl }]
          : row.properties.map((p) => ({
              type: { text: p.name },
              valueString: p.newValue,
            })),
      ...(row.verifiedValues?.some((v) => v.value !== null)
        ? {
            output: row.verifiedValues
              .filter((v) => v.value !== null)
              .map((v) => ({ type: { text: v.name }, valueString: v.value! })),
          }
        : {}),
    };
  }

  /** The partner's Task for one request, or null when it is not this partner's. */
  async function taskResource(partner: PartnerCaller, requestId: string): Promise<Json | null> {
    const copies = await repo.requestCopies(db, requestId, partner.partnerServiceId);
    return taskOf(requestId, copies);
  }

  return {
    taskResource,

    /**
     * A page of the partner's own tasks, newest first (GET /fhir/Task), paged as every search is (`_count`,
     * `_offset`) with the number of all that match: one statement, two only for a page past the last.
     * `status` as a token search reads it: a comma is OR, a repeated parameter AND.
     */
    async tasks(partner: PartnerCaller, params: Record<string, string[]>): Promise<TaskPage> {
      for (const name of Object.keys(params))
        if (!TASK_SEARCH_PARAMS.has(name))
          throw new FhirSearchError(
            `Task has no search parameter '${name}'. It supports: status.`,
            'not-supported',
          );
      const statuses = (params['status'] ?? []).map((value) => {
        const codes = value.split(',').filter((v) => v.length > 0);
        if (!codes.length) throw new FhirSearchError(`Parameter 'status' has no value.`);
        return codes.map(taskStatusOf);
      });
      const { count, offset } = pageOf(params);
      const read = (from: number, length: number) =>
        repo.requestsPage(db, partner.partnerServiceId, statuses, from, length);
      // `_count=0` asks for the total alone, as a search's does.
      const rows = await read(count === 0 ? 0 : offset, count);
      const byRequest = new Map<string, TaskRow[]>();
      for (const { copy } of rows) {
        const group = byRequest.get(copy.partnerRequestId!);
        if (group) group.push(copy);
        else byRequest.set(copy.partnerRequestId!, [copy]);
      }
      const requests = [...byRequest];
      // Past the last match the page has no row to carry the total: count from the start instead.
      const total = rows[0]?.total ?? (offset > 0 ? ((await read(0, 0))[0]?.total ?? 0) : 0);
      return {
        matches: requests.slice(0, count).flatMap(([id, group]): Json[] => {
          const task = taskOf(id, group);
          return task ? [task] : [];
        }),
        total,
        more: requests.length > count,
        offset,
        count,
        applied: params,
      };
    },

    /**
     * A suggested change, or a request to complete the partner's online form: a task for each practitioner who
     * may verify or act for the entity, one transaction with its audit event.
     */
    async submit(partner: PartnerCaller, body: unknown, httpRequestId: string): Promise<Json> {
      const form = isOnlineFormRequest(body);
      const parsed = (form ? PartnerOnlineFormTaskInput : PartnerTaskInput).safeParse(body);
      if (!parsed.success) throw new FhirUnprocessableError(describe(parsed.error));
      const input = parsed.data;
      const focus = parseReference(input.focus.reference);
      if (!(focus.type in fhirToTaskEntity))
        throw new FhirUnprocessableError(
          `A task can be about an Organization, a Location, a HealthcareService or a PractitionerRole, not a ${focus.type}.`,
        );
      const type = focus.type as FocusType;
      // Only what was published to this partner can be the subject of its request.
      if (!(await reads.read(partner, type, focus.id)))
        throw new FhirUnprocessableError(`${type}/${focus.id} is not known.`);
      let formUrl: string | null = null;
      let properties: TaskRow['properties'] = [];
      if (form) {
        formUrl = (input as PartnerOnlineFormTaskInput).input[0]!.valueUrl;
        // Loopback http is for a development partner's form (the sandbox); production forms are https.
        if (options.production && new URL(formUrl).protocol !== 'https:')
          throw new FhirUnprocessableError('input.0.valueUrl: The form address must be https');
      } else
        properties = (input as PartnerTaskInput).input.map((i, n) => {
          const name = (i.type.coding?.[0]?.code ?? i.type.text ?? '') as TaskPropertyName;
          if (!taskPropertyNames.includes(name) || !propertiesOf[type].includes(name))
            throw new FhirUnprocessableError(
              `input.${n}: '${name}' is not a property of a ${type}. It may be ${propertiesOf[type].join(', ')}.`,
            );
          const checked = taskPropertyValue[name].safeParse(i.valueString);
          if (!checked.success)
            throw new FhirUnprocessableError(`input.${n} (${name}): ${describe(checked.error)}`);
          return {
            name,
            displayName: partnerTaskPropertyLabels[name],
            newValue: i.valueString.trim(),
          };
        });
      const requestId = randomUUID();
      const entityType = fhirToTaskEntity[type];
      await db.transaction(async (tx) => {
        // Who may verify it: the practitioners who manage the entity's organisation (or one above it), and for
        // a service or role also its HealthcareServiceManagers — as the reminder job chooses (decision 027).
        const verifiers = await repo.verifiers(tx, entityType, focus.id);
        if (!verifiers.length)
          throw new FhirUnprocessableError(
            `No one who manages ${type}/${focus.id} can verify a change yet.`,
          );
        const inserted = await repo.insertTasks(
          tx,
          verifiers.map((practitionerId) => ({
            practitionerId,
            kind: form ? ('OnlineForm' as const) : ('VerifyInformation' as const),
            formUrl,
            entityType,
            entityId: focus.id,
            priorityCode:
              input.priority && input.priority !== 'routine'
                ? ('urgent' as const)
                : ('low' as const),
            partnerServiceId: partner.partnerServiceId,
            reason: input.description,
            properties,
            partnerRequestId: requestId,
          })),
        );
        await appendAudit(tx, {
          actorUserId: null,
          action: form ? 'partner-form-task.submitted' : 'partner-task.submitted',
          entityType,
          entityId: focus.id,
          changedFields: {
            partnerServiceId: partner.partnerServiceId,
            clientSystemId: partner.clientSystemId,
            partnerRequestId: requestId,
            taskIds: inserted.map((t) => t.id),
            ...(form ? { formUrl } : { properties }),
          },
          requestId: httpRequestId,
        });
      });
      return (await taskResource(partner, requestId))!;
    },

    /**
     * The partner reports its online form completed (a JSON Patch of /status to 'completed'): every open copy
     * of its request becomes Complete with the outcome FormSubmitted, audited, in one transaction. Null when
     * the request is not this partner's (404, as for a read: another partner's request does not exist for it).
     */
    async complete(
      partner: PartnerCaller,
      requestId: string,
      body: unknown,
      httpRequestId: string,
    ): Promise<Json | null> {
      const parsed = PartnerTaskPatch.safeParse(body);
      if (!parsed.success) throw new FhirUnprocessableError(describe(parsed.error));
      const found = await db.transaction(async (tx) => {
        // Every copy of a request is of one kind: one row says which.
        const kind = await repo.requestKind(tx, requestId, partner.partnerServiceId);
        if (!kind) return false;
        if (kind !== 'OnlineForm')
          throw new FhirUnprocessableError(
            'Only a request to complete an online form can be completed by the partner; a suggested change is answered by the provider.',
          );
        // The status guard makes a concurrent answer (the provider's dismissal, another PATCH) lose cleanly.
        const closed = await repo.completeOpenForm(tx, requestId, partner.partnerServiceId);
        if (!closed.length) {
          const status = await repo.requestStatus(tx, requestId, partner.partnerServiceId);
          throw new FhirConflictError(
            `Task/${requestId} is no longer open: it was ${status === 'Dismissed' ? 'rejected by the provider' : 'completed'}.`,
          );
        }
        await appendAudit(tx, {
          actorUserId: null,
          action: 'partner-form-task.completed',
          entityType: closed[0]!.entityType,
          entityId: closed[0]!.entityId,
          changedFields: {
            partnerServiceId: partner.partnerServiceId,
            clientSystemId: partner.clientSystemId,
            partnerRequestId: requestId,
            taskIds: closed.map((t) => t.id),
            status: { from: 'NotComplete', to: 'Complete' },
            outcome: 'FormSubmitted',
          },
          requestId: httpRequestId,
        });
        return true;
      });
      return found ? taskResource(partner, requestId) : null;
    },

    /** A notification for a practitioner the partner can see; its HTML is sanitised when stored. */
    async notify(partner: PartnerCaller, body: unknown, httpRequestId: string): Promise<Json> {
      const parsed = PartnerCommunicationInput.safeParse(body);
      if (!parsed.success) throw new FhirUnprocessableError(describe(parsed.error));
      const input = parsed.data;
      const recipient = parseReference(input.recipient[0]!.reference);
      if (
        recipient.type !== 'Practitioner' ||
        !(await reads.read(partner, 'Practitioner', recipient.id))
      )
        throw new FhirUnprocessableError(
          `${input.recipient[0]!.reference} is not a practitioner this partner can reach.`,
        );
      const stored = await db.transaction(async (tx) => {
        const [row] = await storeNotification(tx, {
          practitionerId: recipient.id,
          subject: input.topic.text,
          message: input.payload[0]!.contentString,
        });
        await appendAudit(tx, {
          actorUserId: null,
          action: 'partner-notification.sent',
          entityType: 'Practitioner',
          entityId: recipient.id,
          changedFields: {
            partnerServiceId: partner.partnerServiceId,
            clientSystemId: partner.clientSystemId,
            externalId: row!.externalId,
          },
          requestId: httpRequestId,
        });
        return row!;
      });
      return {
        resourceType: 'Communication',
        id: stored.id,
        status: 'completed',
        recipient: [{ reference: `Practitioner/${recipient.id}` }],
        topic: { text: input.topic.text },
        sent: new Date().toISOString(),
      };
    },
  };
}
