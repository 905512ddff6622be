import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import zones and the cycle rule through the repository's own eslint.config.ts: a planted import
// that runs the wrong way fails lint (tools/eslint/import-zones.ts, docs/decisions/037-server-floors.md).

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The messages of the two import rules for `code` linted as if it stood at `file`. */
async function importProblems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'import-x/no-cycle')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const refused = [
  {
    zone: 'a web feature importing another feature',
    file: 'apps/web/src/features/welcome/planted.ts',
    code: "export * from '#features/practitioners/api/get-role-options.ts';",
  },
  {
    zone: 'a web feature importing the app',
    file: 'apps/web/src/features/welcome/planted.ts',
    code: "export * from '#app/guards.ts';",
  },
  {
    zone: 'a server module importing #app',
    file: 'apps/server/src/modules/me/planted.ts',
    code: "export { buildApp } from '#app/build-app.ts';",
  },
  {
    zone: 'a server module importing another module',
    file: 'apps/server/src/modules/user-registration/planted.ts',
    code: "export * from '#modules/delegations/service.ts';",
  },
  {
    zone: 'the platform importing a module',
    file: 'apps/server/src/platform/planted.ts',
    code: "export { meRoutes } from '#modules/me/routes.ts';",
  },
  {
    zone: 'db/ importing a module',
    file: 'apps/server/src/platform/db/seed/planted.ts',
    code: "export * from '#modules/delegations/service.ts';",
  },
  {
    zone: 'db/ importing the rest of the platform',
    file: 'apps/server/src/platform/db/planted.ts',
    code: "export * from '#platform/audit.ts';",
  },
  {
    zone: 'lib/ importing db/',
    file: 'apps/server/src/platform/lib/planted.ts',
    code: "export * from '#db/notifications.ts';",
  },
  {
    zone: 'scripts/ importing e2e/',
    file: 'scripts/planted.ts',
    code: "export * from '../e2e/support/transferred-scripts.ts';",
  },
  {
    zone: 'e2e/ importing scripts/',
    file: 'e2e/support/planted.ts',
    code: "export * from '../../scripts/lib/world.ts';",
  },
];

const allowed = [
  {
    way: 'a module importing the platform',
    file: 'apps/server/src/modules/me/planted.ts',
    code: "export * from '#platform/auth/authenticate.ts';",
  },
  {
    way: 'a module importing its own files',
    file: 'apps/server/src/modules/user-registration/planted.ts',
    code: "export * from '#modules/user-registration/service.ts';",
  },
  {
    way: 'the platform importing db/',
    file: 'apps/server/src/platform/planted.ts',
    code: "export * from '#db/notifications.ts';",
  },
  {
    way: 'db/ importing lib/',
    file: 'apps/server/src/platform/db/planted.ts',
    code: "export * from '#lib/escape-html.ts';",
  },
  {
    way: 'a server test building the app',
    file: 'apps/server/src/platform/planted.test.ts',
    code: "export { buildApp } from '#app/build-app.ts';",
  },
  {
    way: 'scripts/ and e2e/ sharing tools/run/',
    file: 'e2e/support/planted.ts',
    code: "export * from '../../tools/run/free-port.ts';",
  },
];

describe('import zones', { timeout: 120_000 }, () => {
  // The first lint loads eslint.config.ts and the resolver: minutes on a busy machine.
  beforeAll(() => importProblems('apps/server/src/platform/lib/planted.ts', ''), 600_000);

  it.each(refused)('refuses $zone', async ({ file, code }) => {
    const problems = await importProblems(file, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^import-x\/no-restricted-paths: /);
  });

  it.each(allowed)('allows $way', async ({ file, code }) => {
    expect(await importProblems(file, code)).toEqual([]);
  });
});

describe('import cycles', { timeout: 600_000 }, () => {
  // Two files that import each other, written for the test and removed after it, in a folder that a
  // lint run of the repository skips (.test-data/): this test alone lints it.
  const dir = path.join(root, 'apps/server/src/.test-data/planted-cycle');
  const unignored = new ESLint({ cwd: root, ignore: false });
  beforeAll(() => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'a.ts'),
      "import { b } from './b.ts';\nexport const a = () => b;\n",
    );
    fs.writeFileSync(
      path.join(dir, 'b.ts'),
      "import { a } from './a.ts';\nexport const b = () => a;\n",
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reports a loop of imports', async () => {
    const [result] = await unignored.lintFiles([path.join(dir, 'a.ts')]);
    const rules = (result?.messages ?? []).map((m) => m.ruleId);
    expect(rules).toContain('import-x/no-cycle');
  });
});
