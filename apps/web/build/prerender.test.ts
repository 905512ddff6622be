import { describe, expect, it } from 'vitest';
import { documentWith } from './prerender.ts';

const index =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Provider Connect Australia</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

describe('documentWith', () => {
  it('puts the styles before the scripts and the markup in the root, marked for whom it was rendered', () => {
    const page = documentWith(
      index,
      {
        html: '<header>PCA</header>',
        styleTags: '<style data-emotion="css abc">.css-abc{}</style>',
      },
      true,
    );
    expect(page.indexOf('<style data-emotion="css abc">')).toBeLessThan(page.indexOf('<script'));
    expect(page).toContain(
      '<div id="root" data-prerendered="signed-in"><header>PCA</header></div>',
    );
    expect(documentWith(index, { html: '', styleTags: '' }, false)).toContain(
      'data-prerendered="signed-out"',
    );
  });

  it('refuses an index.html without an empty root element', () => {
    expect(() =>
      documentWith(
        '<html><body><div id="app"></div></body></html>',
        { html: '', styleTags: '' },
        true,
      ),
    ).toThrow(/root/);
  });
});
