import { z } from 'zod';
import { calendarDate } from './dates.ts';
import { auditEventsMessages } from './audit-events-paths.ts';

export * from './audit-events-paths.ts';
import { Uuid } from './ids.ts';

/**
 * What the audit trail's entity filter offers (docs/product/audit-events.md): each choice names the
 * entity types modules write (some in two spellings, docs/decisions/061-audit-events.md).
 */
export const auditEntityTypes = {
  organisation: { label: 'Business', types: ['Organisation', 'organisation'] },
  location: { label: 'Location', types: ['Location', 'location'] },
  'healthcare-service': {
    label: 'Healthcare service',
    types: ['HealthcareService', 'healthcare-service'],
  },
  practitioner: { label: 'Practitioner profile', types: ['Practitioner', 'practitioner'] },
  'practitioner-role': {
    label: 'Practitioner role',
    types: ['PractitionerRole', 'practitioner-role'],
  },
  publishing: {
    label: 'Publishing',
    types: ['PartnerPublication', 'PublicationEmailRecipient', 'practitioner-publication'],
  },
  'credential-document': {
    label: 'Credential document',
    types: ['CredentialDocument', 'credential-document'],
  },
  'key-contact': { label: 'Key contact', types: ['KeyContact', 'key-contact'] },
  'bank-account': { label: 'Bank account', types: ['BankAccount', 'bank-account'] },
  delegation: { label: 'Delegation', types: ['Delegation', 'delegation'] },
  task: { label: 'Task', types: ['Task', 'task'] },
  notification: { label: 'Notification', types: ['Notification', 'notification'] },
  account: { label: 'Account and sign-in', types: ['User', 'user', 'Session', 'session'] },
  'client-system': { label: 'Clinical information system', types: ['ClientSystem'] },
  'hpii-search': { label: 'HPI-I search', types: ['HPI-I'] },
} as const satisfies Record<string, { label: string; types: readonly string[] }>;

export type AuditEntityFilter = keyof typeof auditEntityTypes;
export const AuditEntityFilter = z.enum(
  Object.keys(auditEntityTypes) as [AuditEntityFilter, ...AuditEntityFilter[]],
);

/** Rows a page holds unless asked (and the most it may). */
export const auditEventsPageSize = 20;
export const auditEventsMaxPageSize = 100;

/** A calendar day, yyyy-mm-dd, that exists. */
const Day = calendarDate();

/** A place in the trail: the time (to the microsecond, as stored) and id of the last row seen. */
export const AuditCursor = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  )
  // A time that exists: the calendar and clock parts read back the same.
  .refine((cursor) => {
    const time = new Date(`${cursor.slice(0, 23)}Z`);
    return !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 19) === cursor.slice(0, 19);
  }, 'Not a place in the trail.');

/** The trail's filters (days are Sydney days, both ends included). */
const filterFields = {
  from: Day.optional(),
  to: Day.optional(),
  entity: AuditEntityFilter.optional(),
  actor: Uuid.optional(),
};
const inOrder = (f: { from?: string | undefined; to?: string | undefined }) =>
  !f.from || !f.to || f.from <= f.to;
const dateOrder = { message: auditEventsMessages.dateOrder, path: ['to'] };

/** The CSV's query: the filters alone (every row they match). */
export const AuditEventsFilter = z.object(filterFields).refine(inOrder, dateOrder);
export type AuditEventsFilter = z.input<typeof AuditEventsFilter>;

/** A page's query: the filters, where the page starts (after `cursor`), and its size. */
export const AuditEventsQuery = z
  .object({
    ...filterFields,
    cursor: AuditCursor.optional(),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(auditEventsMaxPageSize)
      .default(auditEventsPageSize),
  })
  .refine(inOrder, dateOrder);
export type AuditEventsQuery = z.input<typeof AuditEventsQuery>;

/** A person of the trail. */
export const AuditPerson = z.object({ id: z.string(), name: z.string() });
export type AuditPerson = z.infer<typeof AuditPerson>;

/** One changed field, as shown: its label and its values, sensitive ones masked; null: not recorded. */
export const AuditChange = z.object({
  field: z.string(),
  label: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type AuditChange = z.infer<typeof AuditChange>;

/** One event of the trail. */
export const AuditEventItem = z.object({
  id: z.string(),
  at: z.string(),
  /** Who made the change; null for the system (a mailed link, the reminder job…). */
  actor: AuditPerson.nullable(),
  /** The practitioner a delegate acted for. */
  actingFor: AuditPerson.nullable(),
  action: z.string(),
  /** The action in words, e.g. "Changed personal contact details". */
  summary: z.string(),
  entityType: z.string(),
  entityLabel: z.string(),
  entityId: z.string().nullable(),
  /** The organisation the entity belongs to, when it belongs to one. */
  organisation: z.object({ id: z.string(), name: z.string() }).nullable(),
  changes: z.array(AuditChange),
});
export type AuditEventItem = z.infer<typeof AuditEventItem>;

/** One page of the trail; `nextCursor` continues after its last row (null: there is none after). */
export const AuditEventsPage = z.object({
  items: z.array(AuditEventItem),
  nextCursor: AuditCursor.nullable(),
  /** Whose trail this is: the caller's own, or the practitioner they manage. */
  trailOf: z.object({ kind: z.enum(['own', 'managed']), name: z.string() }),
});
export type AuditEventsPage = z.infer<typeof AuditEventsPage>;

/** Who the actor filter offers: the trail's owner, their delegates, and their organisations' people. */
export const AuditActors = z.object({ actors: z.array(AuditPerson) });
export type AuditActors = z.infer<typeof AuditActors>;
