/**
 * Enforces the architecture's import direction (docs/decisions/016-page-paths-and-house-rules.md):
 * - a web feature never imports another feature (share through packages/ or src/lib), nor the app
 *   (the app composes the features, not the reverse);
 * - the web never imports server code, the server never imports web code;
 * - packages never import apps.
 */
import path from 'node:path';
import type { Rule } from 'eslint';
import { designSystemThroughUi, noLiteralHref } from './house-rules.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Where an import specifier points, as a path relative to the repository root (or null if unknown). */
function target(fromFile: string, spec: string): string | null {
  const rel = path.relative(root, fromFile).split(path.sep).join('/');
  if (spec.startsWith('.')) {
    return path
      .relative(root, path.resolve(path.dirname(fromFile), spec))
      .split(path.sep)
      .join('/');
  }
  if (spec.startsWith('#features/') && rel.startsWith('apps/web/')) {
    return `apps/web/src/features/${spec.slice('#features/'.length)}`;
  }
  if (spec.startsWith('#app/') && rel.startsWith('apps/web/')) {
    return `apps/web/src/app/${spec.slice('#app/'.length)}`;
  }
  if (spec.startsWith('@pca/server') || spec.startsWith('@pca/identity-provider'))
    return `apps/${spec.slice(5)}`;
  if (spec.startsWith('@pca/web')) return 'apps/web';
  return null;
}

function featureOf(p: string): string | null {
  const m = /^apps\/web\/src\/features\/([^/]+)/.exec(p);
  return m ? m[1]! : null;
}

function violation(fromRel: string, to: string): string | null {
  const fromFeature = featureOf(fromRel);
  const toFeature = featureOf(to);
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    return `Feature "${fromFeature}" must not import feature "${toFeature}"; share through packages/ or src/lib.`;
  }
  if (fromFeature && to.startsWith('apps/web/src/app/'))
    return `Feature "${fromFeature}" must not import the app; move what it needs to packages/ or src/lib.`;
  if (fromRel.startsWith('apps/web/') && to.startsWith('apps/server'))
    return 'The web must not import server code.';
  if (fromRel.startsWith('apps/server/') && to.startsWith('apps/web'))
    return 'The server must not import web code.';
  if (fromRel.startsWith('packages/') && to.startsWith('apps/'))
    return 'Packages must not import apps.';
  return null;
}

export const importDirection: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports flowing in the architecture direction' },
    schema: [],
  },
  create(context) {
    const fromRel = path.relative(root, context.filename).split(path.sep).join('/');
    const check = (node: Rule.Node, spec: unknown) => {
      if (typeof spec !== 'string') return;
      const to = target(context.filename, spec);
      const message = to ? violation(fromRel, to) : null;
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const plugin = {
  rules: {
    'import-direction': importDirection,
    'no-literal-href': noLiteralHref,
    'design-system-through-ui': designSystemThroughUi,
  },
};
