import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../tools/run/processes.ts';

interface Identity {
  key: string;
  raNumber: string;
  givenName: string;
  familyName: string;
  note: string;
}

/** The demo identities of data/world.json, for the start-up banner. */
export function demoIdentities(): Identity[] {
  const world = JSON.parse(readFileSync(path.join(repoRoot, 'data/world.json'), 'utf8')) as {
    identities: Identity[];
  };
  return world.identities;
}
