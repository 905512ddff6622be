import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { CurrentUser } from '@pca/contracts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { tasksNotificationsApiPaths } from '@pca/contracts/tasks-notifications-paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

const manager = [
  {
    type: 'OrganisationManager' as const,
    organisationId: '5c9d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
    healthcareServiceId: null,
  },
];
const managed = {
  id: '0d6a2c55-51a6-4a0e-9f61-7a2d4b8c9e01',
  givenName: 'Alice',
  familyName: 'Nguyen',
  userPhotoData: null,
};

function open(user: CurrentUser) {
  setSessionToken('tok');
  installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(user),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
    [`GET ${tasksNotificationsApiPaths.counts}`]: () =>
      json({ openTasks: 0, unreadNotifications: 0 }),
  });
  renderApp('/publishing');
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Publishing' });

afterEach(() => vi.unstubAllGlobals());

describe('the publishing landing', () => {
  it('offers a practitioner who manages businesses both settings', async () => {
    open(testUser({ isPractitioner: true, roles: manager }));
    await heading();
    expect(await screen.findByRole('link', { name: /Business settings/ })).toHaveAttribute(
      'href',
      '/publish-selector',
    );
    expect(screen.getByRole('link', { name: /Practitioner settings/ })).toHaveAttribute(
      'href',
      '/practitioner/publish',
    );
  });

  it('does not offer Practitioner settings to a manager who is no practitioner (issue 30)', async () => {
    open(testUser({ isPractitioner: false, practitionerId: null, hpii: null, roles: manager }));
    await heading();
    expect(await screen.findByRole('link', { name: /Business settings/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Practitioner settings/ })).toBeNull();
  });

  it('offers a delegate managing a practitioner only Practitioner settings', async () => {
    open(
      testUser({
        isPractitioner: false,
        practitionerId: null,
        isApprovedPractitionerDelegate: true,
        managingPractitioner: managed,
      }),
    );
    await heading();
    expect(await screen.findByRole('link', { name: /Practitioner settings/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Business settings/ })).toBeNull();
  });

  it('says so when there is nothing to manage', async () => {
    open(testUser({ isPractitioner: false, practitionerId: null, roles: [] }));
    await heading();
    expect(
      await screen.findByText('There are no publishing settings for you to manage.'),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: /settings/ })).toBeNull();
  });
});
