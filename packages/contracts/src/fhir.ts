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

/** What every Task a partner sends has besides its inputs; `required` is the message for a missing reason. */
const taskEnvelope = (required: string) => ({
  resourceType: z.literal('Task'),
  status: z.literal('requested').optional(),
  intent: z.enum(['proposal', 'order']).optional(),
  description: multiLineText({ min: 1, max: 500, required }),
  focus: reference,
  priority: z.enum(['routine', 'urgent', 'asap', 'stat']).optional(),
});

/**
 * A suggested change (POST /fhir/Task): `focus` names the entity, `description` the reason shown to the people
 * who verify it, each `input` one property (its type's code or text is a property name) and its new value.
 */
export const PartnerTaskInput = z.object({
  ...taskEnvelope('Give the reason for the change'),
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

/** The input type that makes a partner's Task a request to complete its online form. */
export const partnerOnlineFormInput = 'OnlineForm';

/** Whether a partner's Task body asks for its online form to be completed rather than suggesting values. */
export const isOnlineFormRequest = (body: unknown): boolean => {
  const input = (body as { input?: unknown } | null)?.input;
  return (
    Array.isArray(input) &&
    input.some(
      (i) =>
        typeof i === 'object' &&
        i !== null &&
        (i as { type?: { text?: unknown } }).type?.text === partnerOnlineFormInput,
    )
  );
};

/** What is wrong with an online form's address (http is for loopback development forms only), or null. */
export function onlineFormUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'The form address must be an absolute URL';
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return 'The form address must be https';
  if (url.username || url.password)
    return 'The form address must not carry a user name or password';
  if (url.searchParams.has('token'))
    return "The form address must not carry a 'token' parameter: the portal adds it";
  return null;
}

/**
 * A request to complete the partner's online form about an entity (POST /fhir/Task): one `input` of type
 * 'OnlineForm' whose `valueUrl` is the form's address on the partner's site (https; the portal adds a signed
 * token when a person opens it).
 */
export const PartnerOnlineFormTaskInput = z.object({
  ...taskEnvelope('Give the reason for the form'),
  input: z
    .array(
      z.object({
        type: z.object({ text: z.literal(partnerOnlineFormInput) }),
        valueUrl: singleLineText({
          min: 1,
          max: 2000,
          required: 'Give the address of the online form',
        }).superRefine((value, ctx) => {
          const problem = onlineFormUrlProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      }),
    )
    .length(1, 'Name one online form'),
});
export type PartnerOnlineFormTaskInput = z.infer<typeof PartnerOnlineFormTaskInput>;

/**
 * The partner reports its online form completed (PATCH /fhir/Task/{id}, JSON Patch, RFC 6902): one operation
 * replacing `/status` with 'completed'. Only an open online-form request of the partner's own may change.
 */
export const PartnerTaskPatch = z
  .array(
    z.object({
      op: z.literal('replace', { message: "Only 'replace' of /status is supported" }),
      path: z.literal('/status', { message: 'Only /status can be changed' }),
      value: z.literal('completed', { message: "A task's status can only become 'completed'" }),
    }),
  )
  .length(1, 'Send one operation: replace /status with completed');
export type PartnerTaskPatch = z.infer<typeof PartnerTaskPatch>;

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
