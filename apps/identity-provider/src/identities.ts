import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One person the development provider can sign in (a subset of an identity in data/world.json). */
export interface DemoIdentity {
  /** Stable key of the identity in the demo world (e.g. `alice`). */
  key: string;
  /** The 10-digit RA number; it is the subject (`sub`) of the tokens. */
  raNumber: string;
  /** Given name, released as `given_name`. */
  givenName: string;
  /** Family name, released as `family_name`. */
  familyName: string;
  /** Email address, released as `email` when present. */
  email?: string | null;
  /** What this identity demonstrates, shown beside the one-click choice. */
  note?: string;
}

/** The repository root (this file is apps/identity-provider/src/identities.ts). */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The demo world file the provider reads its identities from by default. */
export const defaultWorldFile = path.join(repoRoot, 'data/world.json');

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : undefined;

/** Reads the `identities` of a demo world JSON file; throws when one lacks an RA number or a name. */
export function loadDemoIdentities(worldFile: string = defaultWorldFile): DemoIdentity[] {
  const world = JSON.parse(readFileSync(worldFile, 'utf8')) as { identities?: unknown };
  if (!Array.isArray(world.identities)) throw new Error(`${worldFile} has no "identities" array`);
  return world.identities.map((raw: unknown, index): DemoIdentity => {
    const r = (raw ?? {}) as Record<string, unknown>;
    const raNumber = text(r['raNumber']);
    const givenName = text(r['givenName']);
    const familyName = text(r['familyName']);
    if (!raNumber || !/^\d{10}$/.test(raNumber) || !givenName || !familyName) {
      throw new Error(
        `${worldFile}: identity ${index} needs a 10-digit raNumber, a givenName and a familyName`,
      );
    }
    return {
      key: text(r['key']) ?? raNumber,
      raNumber,
      givenName,
      familyName,
      email: text(r['email']) ?? null,
      ...(text(r['note']) ? { note: text(r['note']) } : {}),
    };
  });
}
