// Tasks and notifications (docs/product/features.md#tasks-and-notifications): the tab counts, task lists,
// the verify-information task, online forms, and the notifications list.
import { z } from 'zod';
import { constants } from './constants.ts';
import { OptionalEmail, OptionalFax, OptionalPhone, OptionalWebsite } from './entities.ts';
import { PractitionerRoleFields } from './practitioners.ts';
import { singleLineText } from './text.ts';
import {
  notificationStatuses,
  taskEntityTypes,
  taskKinds,
  taskOutcomes,
  taskPriorityCodes,
  taskStatuses,
} from './value-lists.ts';
import { Uuid } from './ids.ts';

export * from './tasks-notifications-paths.ts';

// ── Tasks: lists, counts, verify information, online form ──

/** The task statuses of docs/product/features.md#feature-entities. */
export const TaskStatus = z.enum(taskStatuses);
export type TaskStatus = z.infer<typeof TaskStatus>;
export const TaskPriorityCode = z.enum(taskPriorityCodes);
export const TaskKind = z.enum(taskKinds);
export type TaskKind = z.infer<typeof TaskKind>;
export const TaskOutcome = z.enum(taskOutcomes);
/** The entity a task is about (an Organisation is a participating organisation). */
export const TaskEntity = z.enum(taskEntityTypes);

/** The task property names of docs/product/features.md#feature-entities. */
export const taskPropertyNames = [
  'AfterHoursPhone',
  'Email',
  'Fax',
  'Phone',
  'Website',
  'NumberOfDays',
  'PreferredName',
] as const;
export const TaskPropertyName = z.enum(taskPropertyNames);
export type TaskPropertyName = z.infer<typeof TaskPropertyName>;

/**
 * A partner's suggested value is input like any other: each property is checked by the schema the
 * entity's own edit uses (contact fields of organisations, locations and services; a role's fields).
 */
export const taskPropertyValue = {
  AfterHoursPhone: OptionalPhone,
  Email: OptionalEmail,
  Fax: OptionalFax,
  Phone: OptionalPhone,
  Website: OptionalWebsite,
  NumberOfDays: singleLineText({ min: 1, max: 1, required: 'Enter a number of days from 1 to 7' })
    .regex(/^\d$/, 'Enter a number of days from 1 to 7')
    .transform(Number)
    .pipe(PractitionerRoleFields.shape.numberOfDays.unwrap()),
  PreferredName: PractitionerRoleFields.shape.preferredName,
} satisfies Record<TaskPropertyName, z.ZodType>;

/** The tab counts: Open (n) and Notifications (n). */
export const TasksNotificationsCounts = z.object({
  openTasks: z.number().int().nonnegative(),
  unreadNotifications: z.number().int().nonnegative(),
});
export type TasksNotificationsCounts = z.infer<typeof TasksNotificationsCounts>;

export const TasksQuery = z.object({
  status: TaskStatus.default('NotComplete'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TasksQuery = z.input<typeof TasksQuery>;

/** One row of a task list: enough to name the task and open it. */
export const TaskListItem = z.object({
  id: Uuid,
  kind: TaskKind,
  taskStatus: TaskStatus,
  taskPriorityCode: TaskPriorityCode,
  entityType: TaskEntity,
  entityName: z.string(),
  partnerServiceName: z.string().nullable(),
  /** Display names of the properties to verify (none on an online-form task). */
  propertyDisplayNames: z.array(z.string()),
  created: z.string(),
  resolvedAt: z.string().nullable(),
});
export type TaskListItem = z.infer<typeof TaskListItem>;

export const TasksPage = z.object({
  items: z.array(TaskListItem),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().nonnegative(),
});
export type TasksPage = z.infer<typeof TasksPage>;

export const PartnerServiceLogo = z.object({
  mimeType: z.string(),
  data: z.string(),
  description: z.string(),
});

/** One property of a verify-information task: the partner's suggestion beside the entity's value now. */
export const TaskPropertyView = z.object({
  name: TaskPropertyName,
  displayName: z.string(),
  newValue: z.string(),
  currentValue: z.string().nullable(),
});
export type TaskPropertyView = z.infer<typeof TaskPropertyView>;

/** The verify-information task (docs/product/features.md#feature-entities, Task). */
export const VerifyInformationTask = z.object({
  id: Uuid,
  kind: TaskKind,
  entityId: Uuid,
  entityType: TaskEntity,
  entityName: z.string(),
  taskStatus: TaskStatus,
  taskPriorityCode: TaskPriorityCode,
  partnerServiceName: z.string().nullable(),
  partnerServiceLogo: PartnerServiceLogo.nullable(),
  reason: z.string(),
  properties: z.array(TaskPropertyView),
  created: z.string(),
  resolvedAt: z.string().nullable(),
  outcome: TaskOutcome.nullable(),
  /**
   * A credential-expiry reminder in a delegate's own task list: the document is a practitioner's they manage,
   * so it is updated while managing them (docs/decisions/057-credential-documents.md). Absent otherwise.
   */
  managedPractitionersDocument: z.boolean().optional(),
});
export type VerifyInformationTask = z.infer<typeof VerifyInformationTask>;

/**
 * Complete a task: a verify-information task with the suggested value (keeping the current value is a
 * dismissal); a confirm-details task by confirming the details are still current.
 */
export const CompleteTaskRequest = z.object({ choice: z.enum(['suggested', 'confirmed']) });
export type CompleteTaskRequest = z.infer<typeof CompleteTaskRequest>;

/** The online form's address, carrying a short-lived signed token naming the task and the user. */
export const OnlineFormUrl = z.object({ url: z.string().url() });
export type OnlineFormUrl = z.infer<typeof OnlineFormUrl>;

/** Problem type of a task that is no longer open, or whose suggestion does not fit its entity. */
export const taskProblemTypes = {
  notOpen: 'task-not-open',
  notApplicable: 'task-not-applicable',
} as const;

// ── Notifications ──

/** The notification statuses of docs/product/features.md#feature-entities. */
export const NotificationStatus = z.enum(notificationStatuses);
export type NotificationStatus = z.infer<typeof NotificationStatus>;

/** The most notifications one page may ask for (the tab asks for constants.notificationPageSize). */
export const notificationsMaxPageSize = 50;

/** Get notifications: archived (true: Archived; false: Unread and Read), page from 1, page size. */
export const NotificationsQuery = z.object({
  archived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(notificationsMaxPageSize)
    .default(constants.notificationPageSize),
});
export type NotificationsQuery = z.input<typeof NotificationsQuery>;

/** A notification (docs/product/features.md#feature-entities); `message` is HTML sanitised when stored. */
export const NotificationItem = z.object({
  externalId: z.string(),
  subject: z.string(),
  message: z.string(),
  status: NotificationStatus,
  created: z.string(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

/** Get notifications' answer: one page of items and the total of the filter. */
export const NotificationsPage = z.object({
  items: z.array(NotificationItem),
  total: z.number().int().nonnegative(),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

/** A notification's externalId in a path: what the system issues (letters, digits, dashes). */
export const NotificationParams = z.object({
  externalId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/),
});
