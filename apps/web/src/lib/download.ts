import type { Problem } from '@pca/contracts';
import { ApiError } from '#lib/http.ts';
import { getSessionToken } from '#lib/session-token.ts';

/**
 * Downloads a file the API streams (a CSV, say). The API needs the session's bearer token, which a plain
 * link cannot send, so the file is fetched and handed to the browser as a download, named as the API's
 * Content-Disposition says (else `fallbackName`). A refusal throws its problem as an ApiError.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const token = getSessionToken();
  const response = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as Problem | null;
    throw new ApiError(response.status, problem, null);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    fallbackName;
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled; the next task may let it go.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}
