import { describe, expect, it } from 'vitest';
import { pages } from '@pca/contracts/pages.ts';
import { notAvailableRoutes, routeTable } from './route-table.ts';

describe('route table (docs/product/shell.md#routes)', () => {
  it('registers every route once', () => {
    const paths = routeTable.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('takes every path from the page paths, defined once', () => {
    const patterns = new Set(
      Object.values(pages).flatMap((group) =>
        'pattern' in group ? [group.pattern] : Object.values(group).map((p) => p.pattern),
      ),
    );
    for (const r of routeTable) expect(patterns.has(`/${r.path}`), r.path).toBe(true);
  });

  it('every breadcrumb parent is itself a route', () => {
    const paths = new Set(routeTable.map((r) => r.path));
    for (const r of routeTable)
      if (r.parent) expect(paths.has(r.parent), `${r.path} -> ${r.parent}`).toBe(true);
  });

  it('the routes still waiting for their screen only shrink', () => {
    // Remove a path from this list when its screen is built; never add one.
    const waiting = [
      'profile/:id',
      'practitioner-profile/:id',
      'publication-email-notification',
      'tasks-notifications',
      'tasks-notifications/complete-online-form/:id',
      'tasks-notifications/verify-information/:id',
      'tasks-notifications/:tab',
      'nhsd-import',
      'delegates',
      'assign-a-delegate',
      'resend-invite/:id',
      'delegate-details-update-response/:id',
      'stop-delegation/:id',
      'credential-document/add',
      'credential-document/edit/:id',
      'credential-documents',
      'key-contacts',
      'key-contacts/add',
      'key-contacts/update/:id',
      'practitioner/publish',
      'practitioner/publish/add',
      'practitioner/publish/edit',
      'give-feedback',
    ];
    for (const path of notAvailableRoutes())
      expect(waiting, `${path} must not become unavailable`).toContain(path);
  });
});
