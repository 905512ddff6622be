import { auditEntityTypes, type AuditChange, type AuditEventItem } from '@pca/contracts';

// How a stored audit event reads on the audit-events page, in its CSV and on the operator's user page
// (docs/product/audit-events.md, docs/decisions/063-users.md): shared here because modules do not import
// each other.

/** A row of the trail with the names it shows. */
export interface TrailRow {
  id: string;
  /** `at` in UTC to the microsecond, as the cursor carries it. */
  at: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  changed_fields: Record<string, unknown>;
  actor_user_id: string | null;
  actor_given: string | null;
  actor_family: string | null;
  acting_for_practitioner_id: string | null;
  acting_given: string | null;
  acting_family: string | null;
  organisation_id: string | null;
  organisation_name: string | null;
}

/** Field names whose values never leave the server: secrets, hashes, keys, bank details. */
const SENSITIVE =
  /secret|password|token|hash|ciphertext|privatekey|apikey|keyid|accountnumber|bsb/i;

/** What a masked value shows. */
export const MASKED = '••••••';

/** Longest text a value shows before it is cut. */
const MAX_VALUE = 300;

/** The wording of the actions modules write; any other is built from its name (wordsOfAction). */
const actionWords: Record<string, string> = {
  'business-registration.started': 'Started registering a business',
  'business-registration.submitted': 'Submitted a business registration',
  'client-system.registered': 'Registered a clinical information system',
  'client-system.revoked': 'Revoked a clinical information system',
  'client-system.secret-rotated': "Replaced a clinical information system's secret",
  'delegation.accept': 'Accepted a delegation',
  'delegation.decline': 'Declined a delegation',
  'delegation.invite': 'Invited a delegate',
  'healthcare-service.created': 'Added a healthcare service',
  'healthcare-service.imported': 'Imported a healthcare service from the NHSD',
  'healthcare-service.updated': 'Changed a healthcare service',
  'hi-service.search': 'Searched the HI Service for an HPI-I',
  'location.created': 'Added a location',
  'location.updated': 'Changed a location',
  'managing.ended': 'Stopped managing (the delegation ended)',
  'managing.start': 'Started managing',
  'managing.stop': 'Switched back to their own account',
  'notification.archive': 'Archived a notification',
  'organisation.updated': 'Changed business details',
  'partner-form-task.completed': "Completed a partner's online form",
  'partner-notification.sent': 'A partner was notified',
  'practitioner-publication.contact-requested': 'A partner asked for personal contact details',
  'practitioner-publication.created': 'Started publishing to a partner',
  'practitioner-publication.deleted': 'Stopped publishing to a partner',
  'practitioner-publication.updated': 'Changed what is published to a partner',
  'practitioner-role.created': 'Added a practitioner role',
  'practitioner-role.import-updated':
    'Updated a practitioner role from a clinical information system',
  'practitioner-role.imported': 'Imported a practitioner role from a clinical information system',
  'practitioner-role.updated': 'Changed a practitioner role',
  'practitioner.created': 'Added a practitioner',
  'practitioner.updated': 'Changed practitioner details',
  'practitioner.update-personal-contact-details': 'Changed personal contact details',
  'publication-preference.saved': 'Saved publishing preferences',
  'publication-recipient.added': 'Added a publication email recipient',
  'publication-recipient.removed': 'Removed a publication email recipient',
  'publication.changed': 'Changed what is published',
  'publication.reset': 'Reset what is published',
  'service-subscription.created': 'Started publishing a service',
  'session.created': 'Signed in',
  'session.revoked': 'Signed out',
  'task.complete': 'Completed a task',
  'task.dismiss': 'Dismissed a task',
  'user.accept-participation': 'Accepted the participation agreement',
  'user.created': 'Account created',
  'user.deactivated': 'Deactivated the account',
  'user.reactivated': 'Reactivated the account',
  'user.register': 'Completed their profile',
  'user.register-practitioner': 'Registered as a practitioner',
  'user.resend-email-verification': 'Asked for the email verification again',
  'user.update': 'Changed profile details',
  'user.update-photo': 'Changed their photo',
  'user.verify-email': 'Verified an email address',
};

/** Verbs of action names, as the past tense a sentence starts with. */
const verbs: Record<string, string> = {
  created: 'Added',
  create: 'Added',
  added: 'Added',
  add: 'Added',
  updated: 'Changed',
  update: 'Changed',
  changed: 'Changed',
  deleted: 'Removed',
  delete: 'Removed',
  removed: 'Removed',
  remove: 'Removed',
  uploaded: 'Uploaded',
  upload: 'Uploaded',
  replaced: 'Replaced',
  replace: 'Replaced',
  shared: 'Shared',
  share: 'Shared',
  unshared: 'Stopped sharing',
  downloaded: 'Downloaded',
  download: 'Downloaded',
  withdrawn: 'Withdrew',
  withdraw: 'Withdrew',
  'details-confirmed': 'Confirmed the details of',
};

const words = (name: string) => name.replace(/[-_.]+/g, ' ').trim();

/**
 * An action in words: known ones as written above, others from their name — "credential-document.uploaded"
 * reads "Uploaded credential document", "key-contact.set-primary" reads "Key contact: set primary".
 */
export function wordsOfAction(action: string): string {
  const known = actionWords[action];
  if (known) return known;
  const dot = action.lastIndexOf('.');
  const subject = dot > 0 ? words(action.slice(0, dot)) : '';
  const verb = dot > 0 ? action.slice(dot + 1) : action;
  const past = verbs[verb];
  if (past && subject) return `${past} ${subject.replace(/^./, (c) => c.toLowerCase())}`;
  const text = subject ? `${subject}: ${words(verb)}` : words(verb);
  return text.replace(/^./, (c) => c.toUpperCase());
}

/** The label of an entity type: the entity filter's, else its name in words. */
export function labelOfEntity(entityType: string): string {
  for (const entry of Object.values(auditEntityTypes))
    if ((entry.types as readonly string[]).includes(entityType)) return entry.label;
  const spaced = entityType.replace(/([a-z])([A-Z])/g, '$1 $2');
  return words(spaced).replace(/^./, (c) => c.toUpperCase());
}

/** Words a label writes in capitals. */
const acronyms: Record<string, string> = {
  abn: 'ABN',
  ahpra: 'AHPRA',
  bsb: 'BSB',
  hpii: 'HPI-I',
  id: 'ID',
  ids: 'IDs',
  nhsd: 'NHSD',
  url: 'URL',
};

/** "personalEmail" → "Personal email", "nhsdResourceIdentifier" → "NHSD resource identifier". */
export function labelOfField(field: string): string {
  const spaced = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .split(' ')
    .map((word) => acronyms[word] ?? word)
    .join(' ');
  return spaced.replace(/^./, (c) => c.toUpperCase());
}

/** A value as text: empty shown as "(empty)", yes/no, lists and records compactly, long ones cut. */
export function textOfValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text =
    typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

const isFromTo = (value: unknown): value is { from?: unknown; to?: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).every((k) => k === 'from' || k === 'to');

/**
 * The changed fields as rows: `{ field: { from, to } }` (the audited writes of organisations,
 * locations, services, tasks) keeps both ends; `{ field: value }` (most other writes) is the value
 * after, the one before not recorded. Sensitive fields are masked, at any depth of their name.
 */
export function changesOf(changedFields: Record<string, unknown>): AuditChange[] {
  return Object.entries(changedFields ?? {}).map(([field, value]) => {
    const masked = SENSITIVE.test(field);
    const show = (v: unknown) => (masked ? MASKED : textOfValue(v));
    if (isFromTo(value))
      return {
        field,
        label: labelOfField(field),
        from: 'from' in value ? show(value.from) : null,
        to: 'to' in value ? show(value.to) : null,
      };
    return { field, label: labelOfField(field), from: null, to: show(value) };
  });
}

const nameOf = (given: string | null, family: string | null) =>
  [given, family].filter(Boolean).join(' ');

/** A stored row as the page shows it. */
export function itemOf(row: TrailRow): AuditEventItem {
  return {
    id: row.id,
    at: row.at,
    actor: row.actor_user_id
      ? {
          id: row.actor_user_id,
          name: nameOf(row.actor_given, row.actor_family) || 'A former user',
        }
      : null,
    actingFor: row.acting_for_practitioner_id
      ? {
          id: row.acting_for_practitioner_id,
          name: nameOf(row.acting_given, row.acting_family) || 'A former practitioner',
        }
      : null,
    action: row.action,
    summary: wordsOfAction(row.action),
    entityType: row.entity_type,
    entityLabel: labelOfEntity(row.entity_type),
    entityId: row.entity_id,
    organisation:
      row.organisation_id && row.organisation_name
        ? { id: row.organisation_id, name: row.organisation_name }
        : null,
    changes: changesOf(row.changed_fields),
  };
}

/** "Ben Okafor for Alice Nguyen", "Alice Nguyen", or "System" when nobody signed in made it. */
export function whoOf(item: Pick<AuditEventItem, 'actor' | 'actingFor'>): string {
  const actor = item.actor?.name ?? 'System';
  return item.actingFor ? `${actor} for ${item.actingFor.name}` : actor;
}

/** The CSV's header row. */
export const csvHeader = [
  'When (UTC)',
  'Who',
  'Acting for',
  'What',
  'Entity',
  'Entity id',
  'Business',
  'Changes',
];

/** One event as the CSV's cells, in the header's order. */
export function csvCellsOf(item: AuditEventItem): string[] {
  return [
    item.at,
    item.actor?.name ?? 'System',
    item.actingFor?.name ?? '',
    item.summary,
    item.entityLabel,
    item.entityId ?? '',
    item.organisation?.name ?? '',
    item.changes
      .map((c) => (c.from === null ? `${c.label}: ${c.to}` : `${c.label}: ${c.from} → ${c.to}`))
      .join('; '),
  ];
}
