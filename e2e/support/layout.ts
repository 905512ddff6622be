import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Layout checks a journey makes on the page it has reached (e2e/tests/layout.spec.ts and the journeys that
 * measure a page only they reach, such as a first sign-in's dialog): the page fits 320, 390 and 768 px
 * without scrolling sideways, measured by resizing the one page, and the phone header is compact.
 */

export const WIDTHS = [320, 390, 768] as const;
export const PHONE = { width: 390, height: 844 };

/** Resolves after two frames, so a resize has been laid out and painted. */
export const settled = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );

/** The document's width against the viewport's, and a selector for each element sticking out. */
export function measureOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const limit = root.clientWidth;
    const selectorOf = (el: Element): string => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 5;) {
        const id = e.id ? `#${e.id}` : '';
        const testId = e.getAttribute('data-testid');
        const cls = Array.from(e.classList)
          .filter((c) => !c.startsWith('css-'))
          .slice(0, 2);
        parts.unshift(
          `${e.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}${cls.map((c) => `.${c}`).join('')}`,
        );
        if (id) break;
        e = e.parentElement;
      }
      return parts.join(' > ');
    };
    const offenders: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= limit + 0.5) continue;
      // Report the outermost element that sticks out; its descendants only follow it.
      const parent = el.parentElement;
      if (parent && parent.getBoundingClientRect().right > limit + 0.5) continue;
      const text = (el.textContent ?? '').trim().slice(0, 40);
      offenders.push(`${selectorOf(el)} (right edge ${Math.round(rect.right)} px, "${text}")`);
      if (offenders.length >= 5) break;
    }
    // Text can stick out of a box that fits (a long unbroken word).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n && offenders.length < 5; n = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(n);
      const right = range.getBoundingClientRect().right;
      if (right > limit + 0.5 && n.parentElement)
        offenders.push(
          `text in ${selectorOf(n.parentElement)} (right edge ${Math.round(right)} px, "${(n.textContent ?? '').trim().slice(0, 40)}")`,
        );
    }
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: limit,
      innerWidth: window.innerWidth,
      offenders,
    };
  });
}

/** Opens a route (or measures the current page) and asserts it fits at 320, 390 and 768 px. */
export async function expectFitsEveryWidth(page: Page, route: string | null, who: string) {
  if (route !== null) {
    await page.goto(route);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  const where = new URL(page.url()).pathname;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: PHONE.height });
    await settled(page);
    const m = await measureOverflow(page);
    expect(
      m.scrollWidth <= m.clientWidth && m.scrollWidth <= m.innerWidth,
      `${who} at ${where}, ${width} px: the page is ${m.scrollWidth} px wide in a ${m.clientWidth} px ` +
        `viewport; sticking out: ${m.offenders.join('; ') || 'nothing visible'}`,
    ).toBe(true);
  }
  await page.setViewportSize(PHONE);
}

/** A compact phone header: ≤ 160 px tall at 390 px and the logo wholly inside it. */
export async function expectCompactPhoneHeader(page: Page) {
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  const box = await page.evaluate(() => {
    const bar = document.querySelector('[data-testid=header-bar]')!.getBoundingClientRect();
    const nav = document.querySelector('#main-nav')?.getBoundingClientRect();
    const logo = document.querySelector('[data-testid=header-bar] svg')!.getBoundingClientRect();
    return {
      bottom: nav ? nav.bottom : bar.bottom,
      bar: { top: bar.top, bottom: bar.bottom, right: bar.right },
      logo: { top: logo.top, bottom: logo.bottom, left: logo.left, right: logo.right },
    };
  });
  expect(box.bottom, 'header height at 390 px').toBeLessThanOrEqual(160);
  expect(box.logo.top, 'logo top inside the header').toBeGreaterThanOrEqual(box.bar.top);
  expect(box.logo.bottom, 'logo bottom inside the header').toBeLessThanOrEqual(box.bar.bottom);
  expect(box.logo.left).toBeGreaterThanOrEqual(0);
  expect(box.logo.right).toBeLessThanOrEqual(box.bar.right);
}
