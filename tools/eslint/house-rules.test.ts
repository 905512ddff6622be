import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { designSystemThroughUi, noLiteralHref } from './house-rules.ts';

RuleTester.describe = describe;
RuleTester.it = it;

const root = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.join(root, file);
const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

const feature = at('apps/web/src/features/welcome/components/card.tsx');

tester.run('no-literal-href', noLiteralHref, {
  valid: [
    { code: '<a href={pages.welcome.dashboard.href()}>Home</a>', filename: feature },
    { code: "<a href='https://www.health.gov.au/'>Health</a>", filename: feature },
    { code: "<a href='#main'>Skip</a>", filename: feature },
    { code: "const x = { href: '/api/me' };", filename: feature },
    { code: 'navigate(pages.practitioners.list.href(), { replace: true });', filename: feature },
  ],
  invalid: [
    { code: "<a href='/welcome'>Home</a>", filename: feature, errors: 1 },
    { code: "<TextLink href={'/delegates'}>Delegates</TextLink>", filename: feature, errors: 1 },
    { code: '<Link to={`/profile/${id}`}>Profile</Link>', filename: feature, errors: 1 },
    {
      code: "const card = { title: 'Delegates', href: '/delegates' };",
      filename: feature,
      errors: 1,
    },
    { code: "navigate('/welcome');", filename: feature, errors: 1 },
    { code: 'throw redirect(`/welcome?reason=${reason}`);', filename: feature, errors: 1 },
  ],
});

tester.run('design-system-through-ui', designSystemThroughUi, {
  valid: [
    { code: "import { Button } from '@pca/ui/button/button.tsx';", filename: feature },
    {
      code: "export { Stack } from '@ag.ds-next/react/stack';",
      filename: at('packages/ui/src/layout/index.ts'),
    },
  ],
  invalid: [
    { code: "import { Stack } from '@ag.ds-next/react/stack';", filename: feature, errors: 1 },
    { code: "export * from '@ag.ds-next/react/text';", filename: feature, errors: 1 },
    { code: "const m = import('@ag.ds-next/react/table');", filename: feature, errors: 1 },
  ],
});
