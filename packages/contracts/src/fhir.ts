import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';
import type { TaskPropertyName } from './tasks-notifications.ts';

// What a partner may send through the partner API (docs/decisions/031-fhir-partner-api.md): the FHIR R4
// shapes it uses, reduced to the elements the portal reads. Anything else in the resource is ignored;
// what is read is checked like any other input.

const reference = z.object({ reference: singleLineText({ min: 1, max: 200 }) });

/** The display names the portal shows for each suggested property. */
export const partnerTaskPropertyLabels: Record<TaskPropertyName, string> = {
  AfterHoursPhone: 'After hours phone',
  Email: 'Email',
  Fax: 'Fax',
  Phone: 'Phone',
  Website: 'Website',
  NumberOfDays: 'Number of days',
  PreferredName: 'Preferred name',
};

/**
 * A suggested change (POST /fhir/Task): `focus` names the entity, `description` the reason shown to the people
 * who verify it, each `input` one property (its type's code or text is a property name) and its new value.
 */
export const PartnerTaskInput = z.object({
  resourceType: z.literal('Task'),
  status: z.literal('requested').optional(),
  intent: z.enum(['proposal', 'order']).optional(),
  description: multiLineText({ min: 1, max: 500, required: 'Give the reason for the change' }),
  focus: reference,
  priority: z.enum(['routine', 'urgent', 'asap', 'stat']).optional(),
  input: z
    .array(
      z.object({
        type: z.object({
          text: z.string().optional(),
          coding: z.array(z.object({ code: z.string().optional() })).optional(),
        }),
        valueString: z.string().max(500),
      }),
    )
    .min(1, 'Suggest at least one value')
    .max(7),
});
export type PartnerTaskInput = z.infer<typeof PartnerTaskInput>;

/** A notification for a practitioner (POST /fhir/Communication): its HTML is sanitised before it is kept. */
export const PartnerCommunicationInput = z.object({
  resourceType: z.literal('Communication'),
  status: z.literal('completed').optional(),
  recipient: z.array(reference).length(1, 'Name one recipient practitioner'),
  topic: z.object({ text: singleLineText({ min: 1, max: 200, required: 'Give the subject' }) }),
  payload: z
    .array(
      z.object({
        contentString: multiLineText({ min: 1, max: 20_000, required: 'Give the message' }),
      }),
    )
    .length(1, 'Send one payload with the message'),
});
export type PartnerCommunicationInput = z.infer<typeof PartnerCommunicationInput>;
