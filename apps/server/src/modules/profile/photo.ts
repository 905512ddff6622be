import { createHash } from 'node:crypto';
import type { Database, Transaction } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import { ForbiddenError, NotFoundError } from '#platform/errors.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { photoRepository } from './repository.ts';

import { photoDataOf, processPhoto } from '#platform/images.ts';

// The profile photo (docs/decisions/024-profile-photo.md): the pipeline lives in platform/images.ts.
export {
  photoDataOf,
  photoMaxPixels,
  photoMinSide,
  photoProblems,
  photoTooBig,
  photoWrongType,
  processPhoto,
  sniffPhotoFormat,
} from '#platform/images.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The photo service. A photo is the user's own: nobody else changes it, not even a delegate managing
 * them (the header shows it as theirs).
 */
export function photoService(db: Database) {
  const repo = photoRepository(db);

  async function audit(
    tx: Transaction,
    auth: AuthContext,
    action: 'user.update-photo' | 'user.remove-photo',
    changedFields: Record<string, unknown>,
    requestId: string,
  ) {
    await appendAudit(tx, {
      actorUserId: auth.user.id,
      action,
      entityType: 'user',
      entityId: auth.user.id,
      changedFields,
      requestId,
    });
  }

  /**
   * Refuses anyone but the owner: 404 for a user that does not exist, 403 for someone else's photo.
   * Runs before the body is read, so only the owner can make the server read up to 5 MB.
   */
  async function requireOwn(auth: AuthContext, userId: string) {
    if (userId === auth.user.id) return;
    if (UUID.test(userId) && (await repo.userExists(userId)))
      throw new ForbiddenError('You may change only your own photo.');
    throw new NotFoundError('User not found.');
  }

  return {
    requireOwn,

    /** Checks and re-encodes the upload, stores it with its audit event; answers the stored photo. */
    async replace(auth: AuthContext, userId: string, body: Buffer, requestId: string) {
      await requireOwn(auth, userId);
      const png = await processPhoto(body);
      const photoData = photoDataOf(png);
      await db.transaction(async (tx) => {
        if (!(await repo.setPhoto(tx, userId, photoData)))
          throw new NotFoundError('User not found.');
        // What changed, never the picture itself: its size and a fingerprint tell one upload from another.
        await audit(
          tx,
          auth,
          'user.update-photo',
          {
            photo: {
              bytes: png.length,
              sha256: createHash('sha256').update(png).digest('hex'),
            },
          },
          requestId,
        );
      });
      return { photoData };
    },

    /** Removes the photo (nothing to remove is not an error: the result is the same). */
    async remove(auth: AuthContext, userId: string, requestId: string) {
      await requireOwn(auth, userId);
      await db.transaction(async (tx) => {
        if (!(await repo.setPhoto(tx, userId, null))) throw new NotFoundError('User not found.');
        await audit(tx, auth, 'user.remove-photo', { photo: null }, requestId);
      });
    },
  };
}
