import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// One canonical form for ids (docs/decisions/054-canonical-ids-and-oauth-errors.md): the repository's own
// eslint.config.ts refuses a UUID parsed any other way than with the contracts' Uuid.

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

describe('canonical ids', () => {
  it('is the only way a schema parses a UUID: lint refuses z.uuid() and .uuid() elsewhere', async () => {
    const ruleOf = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      return (result?.messages ?? []).map((m) => m.ruleId);
    };
    const planted =
      "import { z } from 'zod';\nexport const A = z.object({ a: z.string().uuid(), b: z.uuid() });\n";
    expect(await ruleOf('packages/contracts/src/planted.ts', planted)).toEqual([
      'no-restricted-syntax',
      'no-restricted-syntax',
    ]);
    expect(await ruleOf('apps/server/src/modules/me/planted.ts', planted)).toContain(
      'no-restricted-syntax',
    );
    expect(
      await ruleOf(
        'apps/server/src/modules/me/planted.ts',
        "import { Uuid } from '@pca/contracts';\nexport const A = Uuid;\n",
      ),
    ).toEqual([]);
  }, 60_000);
});
