import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { UIMatch } from 'react-router';
import { BreadcrumbsPlaceholder, routeShowsBreadcrumbs } from './breadcrumbs-slot.tsx';

const match = (pathname: string, handle: unknown): UIMatch =>
  ({
    id: pathname,
    pathname,
    params: {},
    data: undefined,
    loaderData: undefined,
    handle,
  }) as UIMatch;

describe('routeShowsBreadcrumbs', () => {
  it('holds the row for a titled route below the dashboard', () => {
    expect(
      routeShowsBreadcrumbs([
        match('/', undefined),
        match('/practitioners', { title: 'Practitioners' }),
      ]),
    ).toBe(true);
  });

  it('not on the dashboard (Home itself) nor on a route without a title', () => {
    expect(routeShowsBreadcrumbs([match('/welcome/', { title: 'Welcome back' })])).toBe(false);
    expect(routeShowsBreadcrumbs([match('/callback', {})])).toBe(false);
    expect(routeShowsBreadcrumbs([])).toBe(false);
  });
});

describe('BreadcrumbsPlaceholder', () => {
  it('is one line of breadcrumbs tall and hidden from assistive technology', () => {
    const { container } = render(<BreadcrumbsPlaceholder />);
    const row = container.firstElementChild as HTMLElement;
    expect(row).toHaveAttribute('aria-hidden', 'true');
    expect(row.style.height).toBe('1.5rem');
    expect(row).toBeEmptyDOMElement();
  });
});
