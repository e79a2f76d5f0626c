import { messages } from '@copydesk/shared';
import { ApiError, toApiError } from './api-client';
import { clearSession, getToken } from './auth';

/**
 * POST a multipart form and report upload progress in percent. Sent with XMLHttpRequest because
 * fetch reports no upload progress; headers and errors follow the one API client. `url` is an
 * upload entry's `endpointUrl(...)`, `T` its `EndpointResponse`.
 */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  const token = getToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, messages.networkError));
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // keep the text
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      if (xhr.status === 401 && token) clearSession();
      reject(toApiError(xhr.status, body));
    };
    xhr.send(form);
  });
}
