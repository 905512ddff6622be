import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { loadDemoIdentities } from './identities.ts';
import {
  errorPage,
  escapeHtml,
  homePage,
  signInPage,
  signOutPage,
  signedOutPage,
} from './pages.ts';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const identities = loadDemoIdentities();

interface AxeResults {
  violations: Array<{ id: string; help: string; nodes: Array<{ html: string }> }>;
}

/** Runs axe (WCAG 2.x A/AA + best practices) on a page in jsdom; colour contrast needs a real browser (e2e). */
async function axeViolations(html: string) {
  const dom = new JSDOM(html, {
    runScripts: 'outside-only',
    url: 'http://localhost:3001/interaction/x',
  });
  dom.window.eval(axeSource);
  const axe = (
    dom.window as unknown as { axe: { run(doc: Document, opts: object): Promise<AxeResults> } }
  ).axe;
  const results = await axe.run(dom.window.document, {
    runOnly: {
      type: 'tag',
      values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
    },
    rules: { 'color-contrast': { enabled: false } },
  });
  dom.window.close();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(', ')})`,
  );
}

const pages: Array<[string, string]> = [
  [
    'sign-in',
    signInPage({
      action: '/interaction/abc/login',
      identities,
      clientName: 'Provider Connect Australia',
    }),
  ],
  [
    'sign-in with an error',
    signInPage({
      action: '/interaction/abc/login',
      identities,
      raNumber: '12',
      error: 'The RA number must be 10 digits',
    }),
  ],
  [
    'sign-out',
    signOutPage({
      form: '<form id="op.logoutForm" method="post" action="/session/end/confirm"><input type="hidden" name="xsrf" value="x"/></form>',
      autoContinue: false,
    }),
  ],
  ['signed out', signedOutPage()],
  [
    'error',
    errorPage({
      title: 'Something went wrong',
      message: 'Try again.',
      details: { error: 'invalid_request' },
    }),
  ],
  ['home', homePage({ issuer: 'http://localhost:3001', identities })],
];

describe('provider pages', () => {
  it.each(pages)(
    '%s page has no axe violations, a level-one heading, lang en-AU and no inline script or style',
    async (_name, html) => {
      expect(await axeViolations(html)).toEqual([]);
      const { document } = new JSDOM(html).window;
      expect(document.documentElement.lang).toBe('en-AU');
      expect(document.querySelectorAll('h1')).toHaveLength(1);
      expect(document.title).toMatch(/ - Provider login \(development\)$/);
      expect([...document.querySelectorAll('script')].every((s) => s.src !== '')).toBe(true);
      expect(document.querySelectorAll('style, [style]')).toHaveLength(0);
      expect(document.querySelector('header')?.textContent).toContain(
        'Provider login (development)',
      );
      expect(document.querySelector('[role="note"]')?.textContent).toContain(
        'must never run in production',
      );
    },
  );

  it('the sign-in page labels the RA number field and lists the demo identities as one-click choices', () => {
    const { document } = new JSDOM(pages[0]![1]).window;
    const input = document.getElementById('ra-number') as HTMLInputElement;
    expect(document.querySelector('label[for="ra-number"]')?.textContent).toBe('RA number');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.maxLength).toBe(10);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(document.querySelector('.sign-in-form button[type="submit"]')?.textContent).toBe(
      'Sign in',
    );

    const list = document.querySelector('ul[aria-labelledby="demo-identities-title"]');
    expect(document.getElementById('demo-identities-title')?.textContent).toBe('Demo identities');
    const choices = [...(list?.querySelectorAll('li') ?? [])];
    expect(choices).toHaveLength(identities.length);
    const alice = choices[0]!;
    expect(alice.querySelector('input[name="raNumber"]')?.getAttribute('value')).toBe('2000000011');
    expect(alice.querySelector('button')?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'Alice Nguyen RA number 2000000011',
    );
    const noteId = alice.querySelector('button')?.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(noteId)?.textContent).toBe(identities[0]!.note);
  });

  it('escapes interpolated text', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    const html = signInPage({
      action: '/interaction/abc/login',
      identities: [
        {
          key: 'x',
          raNumber: '2000000011',
          givenName: '<img src=x>',
          familyName: 'A',
          note: '<b>n</b>',
        },
      ],
    });
    expect(html).not.toContain('<img src=x>');
    expect(html).not.toContain('<b>n</b>');
  });
});
