import { messages } from '@copydesk/shared';
import { ApiError, toApiError } from './api-client';
import { clearSession, getToken } from './auth';

/**
 * Files behind the bearer header (delivered .docx versions, order exports, spreadsheets) cannot be
 * opened with a plain link: they are fetched here with the same headers and error handling as the
 * one API client, then saved through a temporary `<a download>`.
 */

/** The file name of a `Content-Disposition` header (RFC 6266 `filename*` first), or null. */
export function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || null;
}

/** GET `url` (a download entry's `endpointUrl(...)`) as a blob; a failure becomes an ApiError with the server's message. */
export async function fetchFile(url: string): Promise<{ blob: Blob; filename: string | null }> {
  const token = getToken();
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, messages.networkError);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: toApiError uses the text or a default message
    }
    if (response.status === 401 && token) clearSession();
    throw toApiError(response.status, body);
  }
  return { blob: await response.blob(), filename: filenameFrom(response.headers.get('content-disposition')) };
}

/** Saves a blob under `filename` through a temporary link. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Fetches `url` and saves it under the server's file name, else `fallbackName`. */
export async function downloadFile(url: string, options: { fallbackName: string }): Promise<string> {
  const { blob, filename } = await fetchFile(url);
  const name = filename ?? options.fallbackName;
  saveBlob(blob, name);
  return name;
}
