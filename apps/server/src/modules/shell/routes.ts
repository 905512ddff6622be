import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canShowPublishingSettings,
  menuVisibility,
  Problem,
  PublishingSettingsEligibility,
  shellApiPaths,
  UnreadNotificationCount,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { ForbiddenError } from '#platform/errors.ts';
import { accessOf } from '#platform/access/guards.ts';
import { countUnreadNotifications } from './repository.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';

/** Small reads the shell needs: the bell's unread count and the post-login landing check. */
export const shellRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const notifications = declareRoutes(app, { tag: 'notifications' });
  const user = declareRoutes(app, { tag: 'user' });

  notifications.get(shellApiPaths.unreadNotificationCount, {
    summary: 'Unread notifications of the own practitioner, or of the one being managed',
    schema: { 200: UnreadNotificationCount, 403: Problem },
    handler: async (_request, { currentUser }) => {
      // Same rule as the bell (docs/product/rules.md#permissions): nobody who cannot see the bell may read its count.
      if (
        !menuVisibility({
          user: currentUser,
          participatingOrganisations: [],
          config: { vcfcImportAllowed: false },
        }).notificationsBell
      )
        throw new ForbiddenError('Notifications are not available to this account.');
      const practitionerId = currentUser.managingPractitioner?.id ?? currentUser.practitionerId;
      const count = practitionerId ? await countUnreadNotifications(deps.db, practitionerId) : 0;
      return { count };
    },
  });

  user.get(shellApiPaths.publishingSettingsEligibility, {
    summary: 'Whether sign-in lands on adding a business (docs/decisions/005)',
    schema: { 200: PublishingSettingsEligibility },
    handler: (_request, caller) => {
      const { input } = accessOf(deps, caller);
      return { canShowPublishingSettings: canShowPublishingSettings(input) };
    },
  });
};
