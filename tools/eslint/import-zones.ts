/**
 * Which way imports may run (docs/decisions/037-server-floors.md), as `import-x/no-restricted-paths` zones:
 * a zone forbids the files of `target` to import anything in `from`. Paths are from the repository root.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

interface Zone {
  target: string | string[];
  from: string | string[];
  except?: string[];
  message: string;
}

const features = fs
  .readdirSync(path.join(root, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const server = (folder: string) => `./apps/server/src/${folder}`;

const modules = fs
  .readdirSync(path.join(root, 'apps/server/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The web: a feature imports neither another feature nor the app that composes them. */
const webZones: Zone[] = [
  ...features.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: `Feature "${feature}" must not import another feature; share through packages/ or src/lib.`,
  })),
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'A feature must not import the app; move what it needs to packages/ or src/lib.',
  },
  { target: './apps/web', from: './apps/server', message: 'The web must not import server code.' },
];

/** The ground of the shared layer, inside platform/: adapters, the schema and seed, plain helpers. */
const ground = ['integrations', 'db', 'lib'];

/**
 * The server's floors, top down: app/ (builds Fastify) → modules/<domain>/ → platform/ (sessions, access,
 * entity helpers, audit, outbox, errors, and at its ground integrations/, db/, lib/). An import only ever
 * runs down, and a module imports no other module: the domains stand side by side on one floor. Inside
 * platform/, the rest may import its ground, never the other way round.
 */
const serverZones: Zone[] = [
  { target: './apps/server', from: './apps/web', message: 'The server must not import web code.' },
  {
    target: server('modules'),
    from: server('app'),
    message: 'A module must not import the app (#app): the app composes the modules.',
  },
  ...modules.map((name) => ({
    target: server(`modules/${name}`),
    from: server('modules'),
    except: [`./${name}`],
    message: `Module "${name}" must not import another module: share through platform/, or take it as a dependency from app/build-app.ts.`,
  })),
  {
    target: server('platform'),
    from: [server('app'), server('modules')],
    message: 'The platform floor must not import the app or a domain module: they stand on it.',
  },
  {
    target: ground.map((folder) => server(`platform/${folder}`)),
    from: server('platform'),
    except: ground.map((folder) => `./${folder}`),
    message:
      'platform/integrations/, db/ and lib/ are the ground of the platform: they import nothing else of it.',
  },
  {
    target: server('platform/lib'),
    from: [server('platform/db'), server('platform/integrations')],
    message:
      'platform/lib/ holds plain helpers: it imports neither the database nor an integration.',
  },
];

/** Packages never import apps; scripts/ and e2e/ share code only through tools/run/. */
const otherZones: Zone[] = [
  { target: './packages', from: './apps', message: 'Packages must not import apps.' },
  {
    target: './scripts',
    from: './e2e',
    message: 'scripts/ must not import e2e/: share through tools/run/.',
  },
  {
    target: './e2e',
    from: './scripts',
    message: 'e2e/ must not import scripts/: share through tools/run/.',
  },
];

export const importZones: Zone[] = [...webZones, ...serverZones, ...otherZones];

/**
 * The server's tests and their harness stand above the floor they test (they build the whole app), so
 * the floors do not bind them; every other zone does.
 */
export const serverTestImportZones: Zone[] = [...webZones, serverZones[0]!, ...otherZones];

/** The server's tests and their harness (no floor of their own). */
export const serverTestFiles = [
  'apps/server/src/**/*.test.ts',
  'apps/server/src/test/**',
  'apps/server/src/reliability/**',
  'apps/server/src/modules/fhir/fhir-test-support.ts',
];
