import { expect, it } from 'vitest';
import { countAssertions, levelOf } from './assertions.ts';

it('counts expect, expect.soft and expect.poll calls and axe checks, not matchers, comments or strings', () => {
  const source = `
    // expect(commented) is no assertion, nor is expectAccessible(page) in a comment
    const words = 'expect(in a string)';
    await expect(page).toHaveTitle(/x/);
    expect.soft(a).toBe(1);
    await expect.poll(() => b).toBe(2);
    expect(list).toEqual(expect.arrayContaining([expect.any(String)]));
    for (const x of xs) expect(x).not.toBeNull();
    await expectAccessible(page, { alsoRules: [] });
    export async function expectAccessible(page: Page) {}
    const el = <div>expect(jsx text)</div>;
  `;
  expect(countAssertions(source, 'a.spec.tsx')).toEqual({ expects: 5, axe: 1 });
});

it('puts each test file on its level of the pyramid', () => {
  expect(levelOf('e2e/tests/welcome.spec.ts')).toBe('journeys');
  expect(levelOf('e2e/support/fixtures.ts')).toBe('journeys');
  expect(levelOf('apps/web/src/features/welcome/routes/welcome-page.test.tsx')).toBe('component');
  expect(levelOf('packages/ui/src/tooltip/tooltip.test.tsx')).toBe('component');
  expect(levelOf('apps/server/src/modules/tasks/tasks.test.ts')).toBe('api');
  expect(levelOf('apps/identity-provider/src/pages.test.ts')).toBe('api');
  expect(levelOf('packages/contracts/src/text.test.ts')).toBe('unit');
  expect(levelOf('apps/server/src/main.ts')).toBeNull();
});
