import { z } from 'zod';
import { singleLineText } from './text.ts';
import { Uuid } from './ids.ts';

/**
 * Partner-facing endpoints of an organisation, a healthcare service or a location
 * (docs/decisions/072-endpoint-and-provenance.md, 085-location-endpoints.md):
 * where partners' systems reach it (secure messaging, a FHIR server…), served as FHIR Endpoint resources.
 */
export const endpointApiPaths = {
  /** GET: an organisation's or a service's endpoints; POST: add one. */
  organisation: '/api/organisations/:id/endpoints',
  healthcareService: '/api/healthcare-services/:id/endpoints',
  location: '/api/locations/:id/endpoints',
  /** PATCH / DELETE one endpoint. */
  endpoint: '/api/endpoints/:id',
} as const;

/**
 * Connection types: HCPD binds Endpoint.connectionType to AU PD's service interfaces (extensible): secure
 * message delivery's interfaces, and HL7's FHIR REST from the base value set.
 */
export const endpointConnectionTypes = [
  {
    system: 'http://hl7.org.au/fhir/CodeSystem/smd-interfaces',
    code: 'http://ns.electronichealth.net.au/smd/intf/SealedMessageDelivery/TLS/2010',
    display: 'Sealed Message Delivery',
  },
  {
    system: 'http://hl7.org.au/fhir/CodeSystem/smd-interfaces',
    code: 'http://ns.electronichealth.net.au/smd/intf/SealedImmediateMessageDelivery/TLS/2010',
    display: 'Sealed Immediate Message Delivery',
  },
  {
    system: 'http://hl7.org.au/fhir/CodeSystem/smd-interfaces',
    code: 'http://ns.electronichealth.net.au/smd/intf/SealedMessageRetrieval/TLS/2010',
    display: 'Sealed Message Retrieval',
  },
  {
    system: 'http://hl7.org.au/fhir/CodeSystem/smd-interfaces',
    code: 'http://ns.electronichealth.net.au/smd/intf/TransportResponseDelivery/TLS/2010',
    display: 'Transport Response Delivery',
  },
  {
    system: 'http://hl7.org.au/fhir/CodeSystem/smd-interfaces',
    code: 'http://ns.electronichealth.net.au/smd/intf/TransportResponseRetrieval/TLS/2010',
    display: 'Transport Response Retrieval',
  },
  {
    system: 'http://terminology.hl7.org/CodeSystem/endpoint-connection-type',
    code: 'hl7-fhir-rest',
    display: 'HL7 FHIR',
  },
] as const;

/** Payload types: AU PD's endpoint payload types (HCPD binds them, extensible). */
export const endpointPayloadTypes = [
  [
    'http://ns.electronichealth.net.au/ds/sc/deliver/hl7Mdm/2012',
    'HL7 V2.3.1 MDM Discharge Summary',
  ],
  ['http://ns.electronichealth.net.au/er/sc/deliver/hl7Mdm/2012', 'HL7 V2.3.1 MDM eReferral'],
  ['http://ns.electronichealth.net.au/es/sc/deliver/hl7Mdm/2012', 'HL7 V2.3.1 MDM Event Summary'],
  [
    'http://ns.electronichealth.net.au/sl/sc/deliver/hl7Mdm/2012',
    'HL7 V2.3.1 MDM Specialist Letter',
  ],
  ['http://ns.electronichealth.net.au/ack/sc/deliver/hl7Ack/2012', 'HL7 V2.3.1 Acknowledgement'],
  [
    'http://ns.hl7.org.au/hl7v2/profiles/HL7AU-OO-REF-SIMPLIFIED-201706',
    'HL7 V2.4 REF message (Level 2)',
  ],
  ['http://ns.hl7.org.au/hl7v2/profiles/HL7AU-OO-ORU-201701', 'HL7 V2.4 ORU message'],
].map(([code, display]) => ({
  system: 'http://hl7.org.au/fhir/CodeSystem/endpoint-payload-type',
  code: code!,
  display: display!,
}));

/**
 * The formats an endpoint accepts (Endpoint.payloadMimeType, MIME types, system urn:ietf:bcp:13): those the
 * guides' examples use — AU PD's HL7 v2 endpoints, HCPD's hc-endpoint example (PDF, FHIR XML and JSON).
 */
export const MIME_TYPE_SYSTEM = 'urn:ietf:bcp:13';
export const endpointPayloadMimeTypes = [
  ['application/hl7-v2', 'HL7 version 2 messages'],
  ['application/fhir+json', 'FHIR JSON'],
  ['application/fhir+xml', 'FHIR XML'],
  ['application/pdf', 'PDF documents'],
].map(([code, label]) => ({ code: code!, label: label! }));
const mimeCodes = endpointPayloadMimeTypes.map((m) => m.code) as [string, ...string[]];

export const endpointStatuses = ['active', 'suspended', 'off'] as const;
export const EndpointStatus = z.enum(endpointStatuses);
export type EndpointStatus = z.infer<typeof EndpointStatus>;
export const endpointStatusLabel: Record<EndpointStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
  off: 'Off',
};

const codeOf = <T extends { code: string }>(list: readonly T[], message: string) =>
  z.string().refine((v) => list.some((c) => c.code === v), message);

/** An address partners' systems connect to: https only (or an SMD target's URL). */
const EndpointAddress = singleLineText({
  min: 1,
  max: 500,
  required: 'Enter the endpoint address',
}).refine(
  (v) => /^https:\/\/[^\s/$.?#][^\s]*$/i.test(v),
  'Enter an address starting with https://',
);

export const EndpointInput = z.object({
  name: singleLineText({ min: 1, max: 200, required: 'Enter a name for the endpoint' }),
  connectionType: codeOf(endpointConnectionTypes, 'Select a connection type'),
  payloadType: codeOf(endpointPayloadTypes, 'Select a payload type'),
  /** Optional in the body: a client that does not send it leaves it as it was. */
  payloadMimeTypes: z
    .array(z.enum(mimeCodes, { message: 'Select formats from the list' }))
    .max(mimeCodes.length)
    .optional(),
  address: EndpointAddress,
  status: EndpointStatus,
});
export type EndpointInput = z.infer<typeof EndpointInput>;

export const EndpointView = EndpointInput.extend({
  id: Uuid,
  payloadMimeTypes: z.array(z.string()),
});
export type EndpointView = z.infer<typeof EndpointView>;
export const EndpointList = z.object({ endpoints: z.array(EndpointView), canEdit: z.boolean() });
export type EndpointList = z.infer<typeof EndpointList>;
