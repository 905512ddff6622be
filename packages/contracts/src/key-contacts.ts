import { z } from 'zod';
import { Uuid } from './ids.ts';
import { singleLineText } from './text.ts';
import { isValidEmail, isValidPhone, validationMessages as m } from './validation.ts';
import { idPathFiller } from './paths.ts';

/**
 * Key contacts of a participating organisation (docs/product/key-contacts.md,
 * docs/decisions/060-key-contacts.md): the people the portal's operators and partners should call
 * about the business, exactly one of them the primary contact.
 */

/** API paths of key contacts: every one needs key-contact access (docs/product/rules.md#permissions). */
export const keyContactsApiPaths = {
  /** GET ?organisationId=: the organisations the caller may keep key contacts for, and one's contacts. */
  list: '/api/key-contacts',
  /** POST: adds a key contact to an organisation (the first one becomes primary). */
  create: '/api/key-contacts',
  /** GET / PUT / DELETE one key contact. */
  contact: '/api/key-contacts/:id',
  /** POST: makes the contact the organisation's primary contact (the previous one stops being it). */
  makePrimary: '/api/key-contacts/:id/primary',
} as const;

/** A key contacts path with its :id filled in. */
export const keyContactApiPath = idPathFiller(keyContactsApiPaths);

/** What a key contact does for the business (docs/decisions/060-key-contacts.md). */
export const keyContactRoles = [
  'PracticeManager',
  'Owner',
  'BillingContact',
  'ItContact',
  'ClinicalLead',
  'Other',
] as const;
export const KeyContactRole = z.enum(keyContactRoles, { message: 'Select the contact’s role' });
export type KeyContactRole = z.infer<typeof KeyContactRole>;

/** The roles as people read them. */
export const keyContactRoleLabels: Record<KeyContactRole, string> = {
  PracticeManager: 'Practice manager',
  Owner: 'Owner',
  BillingContact: 'Billing contact',
  ItContact: 'IT contact',
  ClinicalLead: 'Clinical lead',
  Other: 'Other',
};

/** Messages of the key contact rules, shared by the form and the API's problems. */
export const keyContactMessages = {
  nameRequired: 'Enter the contact’s name',
  emailRequired: 'Enter the contact’s email address',
  phoneRequired: 'Enter the contact’s phone number',
  primaryCannotBeRemoved:
    'This is the primary contact. Make another contact primary before you remove this one.',
  primaryCannotBeUnset:
    'An organisation always has one primary contact. Make another contact primary instead.',
} as const;

/** A key contact's fields, as the add and update forms send them. */
export const KeyContactInput = z.object({
  name: singleLineText({ min: 1, max: 100, required: keyContactMessages.nameRequired }),
  role: KeyContactRole,
  email: singleLineText({ min: 1, max: 200, required: keyContactMessages.emailRequired }).refine(
    isValidEmail,
    m.emailInvalid,
  ),
  phone: singleLineText({ min: 1, max: 30, required: keyContactMessages.phoneRequired }).refine(
    isValidPhone,
    m.phoneInvalid,
  ),
  /**
   * Make this the organisation's primary contact (the first contact is primary whatever is sent). Left out of
   * an update, the contact stays primary or not as it is now: a form showing no choice does not undo another
   * manager's *Make primary* made meanwhile.
   */
  isPrimary: z.boolean().optional(),
});
export type KeyContactInput = z.infer<typeof KeyContactInput>;

/** A new key contact: its fields and the organisation it belongs to. */
export const NewKeyContact = KeyContactInput.extend({ organisationId: Uuid });
export type NewKeyContact = z.infer<typeof NewKeyContact>;

/** One key contact as the API answers it. */
export const KeyContact = z.object({
  id: Uuid,
  organisationId: Uuid,
  organisationName: z.string(),
  name: z.string(),
  role: KeyContactRole,
  email: z.string(),
  phone: z.string(),
  isPrimary: z.boolean(),
  updatedAt: z.string(),
});
export type KeyContact = z.infer<typeof KeyContact>;

/** The list page's query: which organisation (the first the caller may keep contacts for, when absent). */
export const KeyContactsQuery = z.object({ organisationId: Uuid.optional() });

/** The list page: the organisations the caller may keep key contacts for, and the chosen one's contacts. */
export const KeyContactsList = z.object({
  organisations: z.array(z.object({ id: Uuid, name: z.string() })),
  /** The organisation whose contacts follow (null: the caller has none). */
  organisationId: Uuid.nullable(),
  /** The primary contact first, then by name. */
  contacts: z.array(KeyContact),
});
export type KeyContactsList = z.infer<typeof KeyContactsList>;
