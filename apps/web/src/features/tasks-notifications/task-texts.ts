import type { TaskListItem, TaskStatus } from '@pca/contracts';

/** How a task's status reads in the lists. */
export const taskStatusLabels: Record<TaskStatus, string> = {
  NotComplete: 'Open',
  Complete: 'Completed',
  Dismissed: 'Dismissed',
};

/** A task's subject in the lists (the specification gives the tabs, not the rows' wording). */
export function taskSubject(
  task: Pick<TaskListItem, 'kind' | 'entityName' | 'propertyDisplayNames'>,
) {
  if (task.kind === 'OnlineForm') return `Complete the online form about ${task.entityName}`;
  if (task.kind === 'ConfirmDetails')
    return `Confirm the details of ${task.entityName} are still current`;
  if (task.kind === 'CredentialExpiry') return `Renew ${task.entityName}: it expires soon`;
  const names = task.propertyDisplayNames.join(', ').toLowerCase();
  return `Verify the ${names} of ${task.entityName}`;
}

/** The texts of the verify-information task (docs/product/features.md#tasks-and-notifications). */
export const verifyTexts = {
  back: 'Back to tasks',
  urgent: 'Urgent! Action required',
  nonUrgent: 'Non-urgent! Action required',
  complete: 'No action required',
  intro: (entityName: string) => `Verify the following details about the ${entityName}.`,
  introDone: (entityName: string) => `Verified the following details about the ${entityName}.`,
  successTitle: 'Successfully verified',
  successThanks: "Thank you for verifying the entity's details",
  successSent: 'We have sent your verified details to the partner service.',
  notAvailable: 'This task is not available',
  notAvailableDetail: 'It was dismissed, or it is not a task you can verify here.',
  chooseValue: 'Choose the current value or the suggested value',
} as const;

/** The texts of the portal's own confirm-details task (docs/decisions/027-reminders.md). */
export const confirmTexts = {
  intro: (entityName: string) =>
    `Check the details of the ${entityName}. If they are still current, confirm them here; if not, change them on its page.`,
  view: (entityName: string) => `View and change ${entityName}`,
  confirm: 'These details are still current',
  introDone: (entityName: string) => `The details of the ${entityName} were confirmed as current.`,
  successTitle: 'Successfully confirmed',
  successThanks: 'Thank you for confirming the details are still current.',
} as const;

/**
 * What a resolved task hands the task list (issue 30: a confirmation says what happened, to which entity).
 * Our own wording; the specification only says the user is taken to the task list.
 */
export type TaskOutcome = {
  outcome: 'verified' | 'dismissed' | 'confirmed';
  entityName: string;
  /** 'Phone: 0291234888' and the like: the values now held (verified) or kept (dismissed). */
  values: string;
  partnerServiceName: string | null;
};

/** The outcome carried in the list's navigation state, if it is one. */
export function taskOutcomeOf(state: unknown): TaskOutcome | null {
  if (typeof state !== 'object' || state === null) return null;
  const s = state as Record<string, unknown>;
  if (s['outcome'] !== 'verified' && s['outcome'] !== 'dismissed' && s['outcome'] !== 'confirmed')
    return null;
  if (typeof s['entityName'] !== 'string' || typeof s['values'] !== 'string') return null;
  return {
    outcome: s['outcome'],
    entityName: s['entityName'],
    values: s['values'],
    partnerServiceName:
      typeof s['partnerServiceName'] === 'string' ? s['partnerServiceName'] : null,
  };
}

/** The success alert of a resolved task, on the task list. */
export function taskOutcomeAlert({ outcome, entityName, values, partnerServiceName }: TaskOutcome) {
  const partner = partnerServiceName ?? 'the partner service';
  switch (outcome) {
    case 'verified':
      return {
        title: `Verified: ${entityName}`,
        message: `${entityName} now has ${values}. We have sent your verified details to ${partner}.`,
      };
    case 'dismissed':
      return {
        title: `Task dismissed: ${entityName}`,
        message: `${entityName} keeps ${values}. We have let ${partner} know the current details are correct.`,
      };
    case 'confirmed':
      return {
        title: `Details confirmed: ${entityName}`,
        message: `The details of ${entityName} were confirmed as current.`,
      };
  }
}

/** The texts of a credential document's expiry reminder (docs/decisions/057-credential-documents.md). */
export const renewTexts = {
  intro: (name: string) =>
    `${name} expires within 30 days. Upload the renewed document, or change its dates, on its page; this task is then completed.`,
  update: (name: string) => `Update ${name}`,
  manage: 'Choose the practitioner to manage',
  done: 'The document was renewed or removed.',
} as const;
