import type { Problem, ProfilePhoto } from '@pca/contracts';
import { profileApiPath } from '@pca/contracts/profile-paths.ts';
import { ApiError, http, parseRetryAfter } from '#lib/http.ts';
import { redirectToLogin } from '#lib/login.ts';
import { clearSessionToken, getSessionToken } from '#lib/session-token.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/**
 * Uploads the cropped photo as the picture itself (image/png), not JSON: the one call `http` cannot make
 * (docs/decisions/024-profile-photo.md). Errors and a refused session behave as in `http`.
 */
export async function putPhoto({ userId, photo }: { userId: string; photo: Blob }) {
  const token = getSessionToken();
  const response = await fetch(profileApiPath('photo', userId), {
    method: 'PUT',
    headers: {
      Accept: 'application/json, application/problem+json',
      'Content-Type': photo.type || 'image/png',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: photo,
  });
  const payload = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return payload as ProfilePhoto;
  const problem =
    payload && typeof payload === 'object' && 'type' in payload ? (payload as Problem) : null;
  if (response.status === 401 && token !== null) {
    clearSessionToken();
    redirectToLogin();
  }
  throw new ApiError(
    response.status,
    problem,
    parseRetryAfter(response.headers.get('Retry-After')),
  );
}

/** Removes the photo. */
export const deletePhoto = ({ userId }: { userId: string }) =>
  http<null>(profileApiPath('photo', userId), { method: 'DELETE' });

/**
 * A photo change as a mutation: afterwards the signed-in user (the header's avatar) and the profile are
 * read again, so the new photo shows everywhere without a reload.
 */
function usePhotoChange<TVariables, TResult>(change: (variables: TVariables) => Promise<TResult>) {
  return useRefreshingWrite(['profile'], change, ['me']);
}

/** Saves a cropped photo. */
export const useSavePhoto = () => usePhotoChange(putPhoto);
/** Removes the photo. */
export const useRemovePhoto = () => usePhotoChange(deletePhoto);
