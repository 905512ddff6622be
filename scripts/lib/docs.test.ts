import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// What issue 29 asks of the documents a newcomer opens first: a README under 8 KB (the details live in
// docs/), and decision records that each carry a date and a status (docs/decisions/README.md).

const root = path.resolve(import.meta.dirname, '../..');

describe('the documents', () => {
  it('keeps the README under 8,000 bytes', () => {
    const bytes = Buffer.byteLength(readFileSync(path.join(root, 'README.md'), 'utf8'));
    expect(bytes).toBeGreaterThan(1000);
    expect(bytes).toBeLessThan(8000);
  });

  it('dates every decision record and gives it a status', () => {
    const folder = path.join(root, 'docs/decisions');
    const records = readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name));
    expect(records.length).toBeGreaterThan(80);
    const lacking = records.filter((name) => {
      const text = readFileSync(path.join(folder, name), 'utf8');
      return !/^Date: \d{4}-\d{2}-\d{2}/m.test(text) || !/^Status: \S/m.test(text);
    });
    expect(lacking).toEqual([]);
  });
});
