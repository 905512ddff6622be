/** Typechecks every workspace with its own tsconfig (the web and UI have DOM types, the server not). */
import { run } from './lib/processes.ts';

const projects = [
  'packages/contracts',
  'packages/ui',
  'apps/server',
  'apps/identity-provider',
  'apps/mail-catcher',
  'apps/web',
  'e2e',
  'scripts',
  'scripts/lighthouse/bare',
  'tools',
];
for (const p of projects) {
  await run('npx', ['tsc', '-p', `${p}/tsconfig.json`, '--pretty']);
}
console.log(`typecheck: ${projects.length} projects clean`);
