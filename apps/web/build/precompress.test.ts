import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDirectory', () => {
  it('writes brotli and gzip siblings of text files that gain from it, and leaves the rest', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pca-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = `export const list = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => i))};`;
    writeFileSync(path.join(dir, 'assets', 'main-abc.js'), script);
    writeFileSync(path.join(dir, 'assets', 'style-abc.css'), 'body{margin:0}'.repeat(100));
    writeFileSync(path.join(dir, 'assets', 'tiny-abc.js'), 'export {};');
    writeFileSync(path.join(dir, 'assets', 'logo-abc.png'), Buffer.alloc(4096, 1));

    expect(precompressDirectory(dir)).toBe(2);

    const js = path.join(dir, 'assets', 'main-abc.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 3);
    expect(existsSync(path.join(dir, 'assets', 'style-abc.css.br'))).toBe(true);
    // Too small to gain, or already compressed: no siblings.
    expect(existsSync(path.join(dir, 'assets', 'tiny-abc.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'logo-abc.png.gz'))).toBe(false);
  });
});
