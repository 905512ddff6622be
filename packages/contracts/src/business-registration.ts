import { z } from 'zod';
import {
  Abn,
  OptionalEmail,
  OptionalPhone,
  OptionalWebsite,
  requiredText,
  StreetAddress,
} from './entities.ts';
import { PublisherApprovalStatus } from './organisations.ts';
import { Uuid } from './ids.ts';

/** The Register a business wizard: its steps, each step's fields, and a registration as saved. */
/** API paths of the Register a business wizard. */
export const businessRegistrationApiPaths = {
  /** POST: start registering a business (business details step). */
  registrations: '/api/business-registrations',
  /** GET: a registration in progress; PUT: save one step. */
  registration: '/api/business-registrations/:id',
  /** POST: submit a registration for approval. */
  submit: '/api/business-registrations/:id/submit',
} as const;

export const registrationSteps = [
  'businessDetails',
  'contactDetails',
  'primaryLocation',
  'agreement',
] as const;
export type RegistrationStep = (typeof registrationSteps)[number];
/** Step titles of the wizard, in order. */
export const registrationStepTitle: Record<RegistrationStep, string> = {
  businessDetails: 'Business details',
  contactDetails: 'Contact details',
  primaryLocation: 'Primary location',
  agreement: 'Participation agreement',
};

export const RegistrationBusinessDetails = z.object({
  legalName: requiredText('Enter the legal name'),
  businessName: requiredText('Enter the business name'),
  abn: Abn,
});
export type RegistrationBusinessDetails = z.input<typeof RegistrationBusinessDetails>;

export const RegistrationContactDetails = z.object({
  phone: OptionalPhone.refine((v) => v !== '', 'Enter the business phone number'),
  email: OptionalEmail.refine((v) => v !== '', 'Enter the business email address'),
  website: OptionalWebsite,
});
export type RegistrationContactDetails = z.input<typeof RegistrationContactDetails>;

export const RegistrationPrimaryLocation = StreetAddress;
export type RegistrationPrimaryLocation = z.input<typeof RegistrationPrimaryLocation>;

export const RegistrationAgreement = z.object({
  agreementAccepted: z.literal(true, {
    error: 'You must accept the participation agreement to continue',
  }),
});
export type RegistrationAgreement = z.input<typeof RegistrationAgreement>;

/** PUT body: one step's fields. */
export const RegistrationStepUpdate = z.discriminatedUnion('step', [
  RegistrationBusinessDetails.extend({ step: z.literal('businessDetails') }),
  RegistrationContactDetails.extend({ step: z.literal('contactDetails') }),
  RegistrationPrimaryLocation.extend({ step: z.literal('primaryLocation') }),
  RegistrationAgreement.extend({ step: z.literal('agreement') }),
]);
export type RegistrationStepUpdate = z.input<typeof RegistrationStepUpdate>;

/** A registration as saved so far ('' where a field is not filled yet). */
export const Registration = z.object({
  id: Uuid,
  status: PublisherApprovalStatus,
  legalName: z.string(),
  businessName: z.string(),
  abn: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  primaryLocation: StreetAddress.nullable(),
  agreementAccepted: z.boolean(),
  /** The first step not yet complete (agreement when all are). */
  nextStep: z.enum(registrationSteps),
  /** Why an operator last declined it, while it waits to be corrected and resubmitted; else null. */
  declineReason: z.string().nullable(),
});
export type Registration = z.infer<typeof Registration>;
