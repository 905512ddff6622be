import { createHash } from 'node:crypto';

// Fixed namespace of the demo world: ids are a pure function of (namespace, kind, key), like UUID v5.
const NAMESPACE = Buffer.from('6f3c1f0e9a4b4d2c8e5a1b7d3c9f2e41', 'hex');

/** A stable UUID (version 5 layout, SHA-1) for an entity kind and its world key. */
export function demoId(kind: string, key: string | number): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${kind}:${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The ids of the seeded demo world by world key, for tests and tools. */
export const demoIds = {
  /** User of an identity key (e.g. 'alice'); only portal users exist as rows. */
  user: (identity: string) => demoId('user', identity),
  /** Practitioner of an identity key ('alice', 'farah') or of a bulk practitioner ('bulk-7'). */
  practitioner: (key: string) => demoId('practitioner', key),
  organisation: (key: string) => demoId('organisation', key),
  location: (key: string) => demoId('location', key),
  healthcareService: (key: string) => demoId('healthcare-service', key),
  /** Partner-facing endpoint by its seed key (e.g. 'surry-hills-clinic-fhir'). */
  endpoint: (key: string) => demoId('endpoint', key),
  /** Practitioner role of a practitioner key at a healthcare-service key. */
  practitionerRole: (practitioner: string, healthcareService: string) =>
    demoId('practitioner-role', `${practitioner}@${healthcareService}`),
  /** Delegation from a practitioner's identity key to a delegate's identity key. */
  delegation: (practitioner: string, delegate: string) =>
    demoId('delegation', `${practitioner}->${delegate}`),
  partnerService: (key: string) => demoId('partner-service', key),
  /** Information use statement of a partner service at a version. */
  informationUseStatement: (partnerService: string, version: number) =>
    demoId('ius', `${partnerService}@${version}`),
  /** Alice's tasks by their seed key (e.g. 'open-1'). */
  task: (key: string) => demoId('task', key),
  notification: (index: number) => demoId('notification', index),
  nhsdService: (index: number) => demoId('nhsd-service', index),
};
