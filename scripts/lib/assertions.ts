import ts from 'typescript';

/** What one test file asserts, counted where it is written (a check in a loop counts once). */
export type AssertionCount = { expects: number; axe: number };

/**
 * Counts the assertions a test source writes: calls of `expect(…)`, `expect.soft(…)` and `expect.poll(…)`
 * (not the asymmetric matchers `expect.any(…)`, `expect.arrayContaining(…)`…, which assert nothing of
 * their own), and axe checks, calls of `expectAccessible(…)` (e2e/support/fixtures.ts). Read by
 * TypeScript's parser, so a call named in a comment or a string is not counted.
 */
export function countAssertions(source: string, fileName = 'test.tsx'): AssertionCount {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    scriptKind(fileName),
  );
  const count: AssertionCount = { expects: 0, axe: 0 };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee) && callee.text === 'expect') count.expects += 1;
      else if (ts.isIdentifier(callee) && callee.text === 'expectAccessible') count.axe += 1;
      else if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'expect' &&
        (callee.name.text === 'soft' || callee.name.text === 'poll')
      )
        count.expects += 1;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return count;
}

function scriptKind(fileName: string) {
  return fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

/** The levels of the test pyramid (docs/decisions/052-ci-budget.md), by where a test file lives. */
export type Level = 'journeys' | 'component' | 'api' | 'unit';

/** Which level a test file (a path from the repository's root) belongs to, or null if it is no test. */
export function levelOf(file: string): Level | null {
  if (file.startsWith('e2e/')) return file.endsWith('.ts') ? 'journeys' : null;
  if (!/\.test\.tsx?$/.test(file)) return null;
  if (file.startsWith('apps/web/') || file.startsWith('packages/ui/')) return 'component';
  if (file.startsWith('apps/server/') || file.startsWith('apps/identity-provider/')) return 'api';
  return 'unit';
}
