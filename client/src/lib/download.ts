import { authorizedFetch } from '../auth/authorized';
import { API_BASE } from './apollo';

/** The file name of an attachment's Content-Disposition header, or null. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall back to the plain filename */
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim() || null;
}

/** Hands a file fetched by the app to the browser as a download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started from the URL by now; revoking at once can cancel it in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Fetches `path` of the API (e.g. `/users/me/export`) with the signed-in session and saves the
 * answer as a download. Returns the file name the server gave, else `fallbackName`; throws with the
 * server's message when it refuses.
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<string> {
  const res = await authorizedFetch(`${API_BASE}${path}`);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || `The server answered ${res.status}.`);
  }
  const name = attachmentName(res.headers.get('content-disposition')) ?? fallbackName;
  saveFile(await res.blob(), name);
  return name;
}
