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
import { requireAuth } from '#platform/auth/authenticate.ts';
import { accessOf } from '#platform/access/guards.ts';
import { countUnreadNotifications } from './repository.ts';
import { signedInSchema } from '#platform/http/route-schema.ts';

const notificationsDoc = signedInSchema('notifications');
const userDoc = signedInSchema('user');

/** Small reads the shell needs: the bell's unread count and the post-login landing check. */
export const shellRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    shellApiPaths.unreadNotificationCount,
    {
      schema: notificationsDoc(
        'Unread notifications of the own practitioner, or of the one being managed',
        {
          response: { 200: UnreadNotificationCount, 403: Problem },
        },
      ),
    },
    async (request, reply) => {
      const user = requireAuth(request).currentUser;
      // Same rule as the bell (docs/product/rules.md#permissions): nobody who cannot see the bell may read its count.
      if (
        !menuVisibility({
          user,
          participatingOrganisations: [],
          config: { vcfcImportAllowed: false },
        }).notificationsBell
      )
        throw new ForbiddenError('Notifications are not available to this account.');
      const practitionerId = user.managingPractitioner?.id ?? user.practitionerId;
      const count = practitionerId ? await countUnreadNotifications(deps.db, practitionerId) : 0;
      return reply.send({ count });
    },
  );

  app.get(
    shellApiPaths.publishingSettingsEligibility,
    {
      schema: userDoc('Whether sign-in lands on adding a business (docs/decisions/005)', {
        response: { 200: PublishingSettingsEligibility },
      }),
    },
    async (request, reply) => {
      const { input } = accessOf(deps, requireAuth(request));
      return reply.send({ canShowPublishingSettings: canShowPublishingSettings(input) });
    },
  );
};
