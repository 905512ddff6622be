/**
 * The house's rules that are not about import direction (docs/decisions/016-page-paths-and-house-rules.md):
 * - `no-literal-href`: internal links come from `@pca/contracts/pages.ts`, never from a string written in place;
 * - `design-system-through-ui`: AgDS is imported only inside packages/ui; the web uses `@pca/ui`.
 */
import path from 'node:path';
import type { Rule } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');
const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** The text a string or template literal starts with, if the node is one. */
function leadingText(node: unknown): string | null {
  const n = node as { type?: string; value?: unknown; quasis?: { value: { cooked: string } }[] };
  if (n?.type === 'Literal' && typeof n.value === 'string') return n.value;
  if (n?.type === 'TemplateLiteral') return n.quasis?.[0]?.value.cooked ?? null;
  return null;
}

/** An internal address: starts with one slash (`//host` and `/api/…` are not pages). */
const isPageAddress = (text: string | null) =>
  text !== null && text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/api/');

const message =
  'Build internal links with @pca/contracts/pages.ts (pages.<domain>.<page>.href()), not a string.';

export const noLiteralHref: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Internal hrefs come from the page paths, defined once' },
    schema: [],
  },
  create(context) {
    const report = (node: unknown, value: unknown) => {
      if (isPageAddress(leadingText(value))) context.report({ node: node as Rule.Node, message });
    };
    return {
      JSXAttribute(node: unknown) {
        const attr = node as {
          name: { name: unknown };
          value?: { type: string; expression?: unknown } | null;
        };
        if (attr.name.name !== 'href' && attr.name.name !== 'to') return;
        const value =
          attr.value?.type === 'JSXExpressionContainer' ? attr.value.expression : attr.value;
        report(node, value);
      },
      Property(node) {
        const key = node.key.type === 'Identifier' ? node.key.name : null;
        if (key === 'href' || key === 'to') report(node, node.value);
      },
      CallExpression(node) {
        const callee = node.callee;
        const name = callee.type === 'Identifier' ? callee.name : null;
        if (name === 'navigate' || name === 'redirect') report(node, node.arguments[0]);
      },
    } as Rule.RuleListener;
  },
};

export const designSystemThroughUi: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'AgDS is imported only inside packages/ui' },
    schema: [],
  },
  create(context) {
    if (relative(context.filename).startsWith('packages/ui/')) return {};
    const check = (node: Rule.Node, spec: unknown) => {
      if (typeof spec === 'string' && spec.startsWith('@ag.ds-next/'))
        context.report({
          node,
          message:
            'Use the design system through @pca/ui; AgDS is imported only inside packages/ui.',
        });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/** The house rules as an ESLint plugin (eslint.config.ts names it `architecture`). */
export const plugin = {
  rules: {
    'no-literal-href': noLiteralHref,
    'design-system-through-ui': designSystemThroughUi,
  },
};
