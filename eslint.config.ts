import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { plugin as architecture } from './tools/eslint/house-rules.ts';
import {
  importZones,
  serverTestFiles,
  serverTestImportZones,
} from './tools/eslint/import-zones.ts';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/.test-data/**',
      'apps/server/src/platform/db/migrations/**',
      'test-results/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { architecture, 'import-x': importX },
    settings: {
      // The files import-x reads to follow imports (no-cycle), and what it reads TypeScript with.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Each workspace's tsconfig, so `#app/…`-style package imports resolve from the file's own package.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
            'scripts/tsconfig.json',
            'tools/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Which way imports run (tools/eslint/import-zones.ts), and no import loops.
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: serverTestFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverTestImportZones }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Pages and tests may write addresses: a test states the address it expects.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'architecture/no-literal-href': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'architecture/design-system-through-ui': 'error' },
  },
  {
    // One canonical form for ids (docs/decisions/054-canonical-ids-and-oauth-errors.md): every schema
    // parses a UUID with the contracts' `Uuid` (or `uuid(message)`), which lower-cases it.
    files: ['packages/contracts/src/**/*.ts', 'apps/*/src/**/*.{ts,tsx}'],
    ignores: ['packages/contracts/src/ids.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='uuid'][callee.object.name!='fc']",
          message:
            'Parse ids with Uuid or uuid(message) from @pca/contracts (ids.ts): one canonical form.',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'e2e/**', 'apps/server/bench/**', 'apps/server/src/platform/db/seed/**'],
    rules: { 'no-console': 'off' },
  },
);
