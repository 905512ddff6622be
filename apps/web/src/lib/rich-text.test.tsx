import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { richTextAllowList } from '@pca/contracts/rich-text-allow-list.ts';
import { richTextAttackVectors } from '@pca/contracts/rich-text-vectors.ts';
import { RichText } from './rich-text.tsx';

/** Renders the HTML and gives back what the page shows, once the sanitiser has loaded. */
async function shown(html: string): Promise<string> {
  const { container, findByTestId } = render(
    <div data-testid="rich">
      <RichText html={html} />
    </div>,
  );
  await findByTestId('rich');
  await expect
    .poll(() => container.querySelector('[data-testid=rich] > div')?.innerHTML)
    .toMatch(/before/);
  return container.querySelector('[data-testid=rich] > div')!.innerHTML;
}

describe('RichText shows server HTML through the shared allow-list (the server test’s vectors)', () => {
  it.each(richTextAttackVectors)('%s', async (vector) => {
    const out = await shown(`<p>before</p>${vector}<p>after</p>`);
    expect(out).toContain('<p>before</p>');
    const tags = [...out.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase());
    for (const tag of tags) expect(richTextAllowList.tags).toContain(tag);
    for (const [, attrs] of out.matchAll(/<[a-z0-9]+((?:\s[^>]*)?)>/gi)) {
      const names = [...attrs!.matchAll(/\s([^\s=]+)=/g)].map((m) => m[1]!.toLowerCase());
      for (const name of names) expect(['href', 'rel']).toContain(name);
    }
    for (const [, href] of out.matchAll(/href="([^"]*)"/g))
      expect(href).toMatch(/^(https?:\/\/|mailto:|\/(?!\/))/);
    expect(out).not.toMatch(/<script|javascript:|vbscript:|data:|expression\(|onerror|onload/i);
  });

  it('keeps simple formatting and forces rel="noopener noreferrer" on links', async () => {
    expect(
      await shown(
        '<p>before <strong>b</strong> <em>c</em><br></p><ul><li>d</li></ul><ol><li>e</li></ol>' +
          '<a href="https://x.example/a?b=1" rel="opener" target="_blank">f</a>' +
          '<a href="mailto:help@example.com">g</a><a href="/tasks-notifications/tasks">h</a>',
      ),
    ).toBe(
      '<p>before <strong>b</strong> <em>c</em><br></p><ul><li>d</li></ul><ol><li>e</li></ol>' +
        '<a href="https://x.example/a?b=1" rel="noopener noreferrer">f</a>' +
        '<a href="mailto:help@example.com" rel="noopener noreferrer">g</a>' +
        '<a href="/tasks-notifications/tasks" rel="noopener noreferrer">h</a>',
    );
  });

  it('strips script, on* attributes and javascript: links, keeping the text', async () => {
    expect(
      await shown(
        '<p onclick="steal()">before</p><script>alert(1)</script>' +
          '<a href="javascript:alert(1)">bad</a><img src=x onerror="alert(1)">',
      ),
    ).toBe('<p>before</p>bad');
  });
});
