// Partner services, their versioned information use statements and their identifier systems
// (docs/decisions/064-partner-services.md): the operators' (PcaOperator) screens.
import { z } from 'zod';
import {
  partnerServiceConstants as c,
  partnerServiceMessages as m,
} from './partner-services-paths.ts';
import { OptionalEmail, OptionalPhone } from './entities.ts';
import { Uuid, uuid } from './ids.ts';
import { multiLineText, optionalSingleLineText, singleLineText } from './text.ts';
import { partnerServiceRoles } from './value-lists.ts';

export * from './partner-services-paths.ts';

/** An information use statement version. */
export const StatementVersion = z.object({
  id: Uuid,
  version: z.number().int(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
});
export type StatementVersion = z.infer<typeof StatementVersion>;

/** A partner service as the operator lists it. */
export const PartnerServiceSummary = z.object({
  id: Uuid,
  code: z.string(),
  name: z.string(),
  role: z.enum(partnerServiceRoles),
  shownToProviders: z.boolean(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  /** The logo as a data URL (null: none). */
  logo: z.string().nullable(),
  logoDescription: z.string(),
  latestVersion: z.number().int().nullable(),
  /** Organisations whose publication to this partner waits for someone to accept the latest version. */
  awaitingAcceptance: z.number().int(),
});
export type PartnerServiceSummary = z.infer<typeof PartnerServiceSummary>;

export const PartnerServiceList = z.object({ partnerServices: z.array(PartnerServiceSummary) });
export type PartnerServiceList = z.infer<typeof PartnerServiceList>;

/** An identifier system a partner uses. */
export const PartnerIdentifierSystem = z.object({
  id: Uuid,
  partnerServiceId: Uuid,
  partnerServiceName: z.string(),
  system: z.string(),
  name: z.string(),
});
export type PartnerIdentifierSystem = z.infer<typeof PartnerIdentifierSystem>;

/** One partner service: its details, every statement version (newest first) and its identifier systems. */
export const PartnerServiceDetail = PartnerServiceSummary.extend({
  statements: z.array(StatementVersion),
  identifierSystems: z.array(PartnerIdentifierSystem),
});
export type PartnerServiceDetail = z.infer<typeof PartnerServiceDetail>;

/** What the operator enters for a partner service (the code only when registering it). */
export const PartnerServiceInput = z.object({
  name: singleLineText({
    min: 1,
    max: c.nameMaxLength,
    required: 'Enter the partner service’s name',
  }),
  role: z.enum(partnerServiceRoles, { error: 'Select a role' }),
  shownToProviders: z.boolean(),
  contactName: optionalSingleLineText(c.contactNameMaxLength),
  contactEmail: OptionalEmail,
  contactPhone: OptionalPhone,
});
export type PartnerServiceInput = z.infer<typeof PartnerServiceInput>;

export const RegisterPartnerService = PartnerServiceInput.extend({
  code: singleLineText({ min: 1, max: c.codeMaxLength, required: 'Enter a code' }).regex(
    /^[a-z0-9][a-z0-9-]*$/,
    'Use lower-case letters, digits and hyphens',
  ),
});
export type RegisterPartnerService = z.infer<typeof RegisterPartnerService>;

/** A logo upload: the image's bytes in base64 (PNG or JPEG, checked again on the server) and its description. */
export const PartnerServiceLogoUpload = z.object({
  data: z
    .string()
    .max(Math.ceil((5 * 1024 * 1024 * 4) / 3) + 4, 'The image must be 5 MB or smaller'),
  description: singleLineText({
    min: 1,
    max: c.logoDescriptionMaxLength,
    required: 'Describe the logo',
  }),
});
export type PartnerServiceLogoUpload = z.infer<typeof PartnerServiceLogoUpload>;

/** A new version of the information use statement: its content is rich text, sanitised by the server. */
export const PublishStatement = z.object({
  title: singleLineText({ min: 1, max: c.statementTitleMaxLength, required: 'Enter a title' }),
  content: multiLineText({ min: 1, max: c.statementHtmlMaxLength, required: m.statementRequired }),
});
export type PublishStatement = z.infer<typeof PublishStatement>;

/** The answer of a publication: the new version and how many organisations must accept it. */
export const PublishedStatement = z.object({
  statement: StatementVersion,
  organisationsToAccept: z.number().int(),
});
export type PublishedStatement = z.infer<typeof PublishedStatement>;

/**
 * An identifier system: an absolute URI (RFC 3986 §4.3, no fragment) of the schemes FHIR's identifier systems
 * use, `https://…` or `http://…` (with a host) and `urn:oid:…`, `urn:uuid:…`. A relative reference, a bare
 * name, a URI with spaces, another scheme (`javascript:`, `data:`) and a `|` (which splits a FHIR token
 * search's system from its value) are refused.
 */
export function isAbsoluteUri(value: string): boolean {
  if (!/^(https?:\/\/[^/\s#|]+|urn:)[^\s#|]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return !['http:', 'https:'].includes(url.protocol) || url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * A URI's scheme and host (or a URN's namespace) are not case-sensitive (RFC 3986 §6.2.2.1, RFC 8141 §3.1):
 * written in lower case, `HTTPS://MediFund.example/ids` and `https://medifund.example/ids` are one system,
 * which the uniqueness check then sees. The path stays as given: it is case-sensitive.
 */
export const normaliseSystemUri = (uri: string) =>
  uri.replace(/^(https?:\/\/[^/?#]*|urn:[^:]*:)/i, (start) => start.toLowerCase());

const absoluteUri = singleLineText({
  min: 1,
  max: c.systemMaxLength,
  required: 'Enter the system URI',
})
  .refine(isAbsoluteUri, m.systemInvalid)
  .transform(normaliseSystemUri);

export const PartnerIdentifierSystemInput = z.object({
  partnerServiceId: uuid('Select a partner service'),
  system: absoluteUri,
  name: singleLineText({
    min: 1,
    max: c.nameMaxLength,
    required: 'Enter the identifier system’s name',
  }),
});
export type PartnerIdentifierSystemInput = z.infer<typeof PartnerIdentifierSystemInput>;

export const PartnerIdentifierSystemList = z.object({
  identifierSystems: z.array(PartnerIdentifierSystem),
  partnerServices: z.array(z.object({ id: Uuid, name: z.string() })),
});
export type PartnerIdentifierSystemList = z.infer<typeof PartnerIdentifierSystemList>;
