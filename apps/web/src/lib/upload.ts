import { clearSession, getSession } from '@/app/session';
import { API_BASE, ApiError, apiErrorOf, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { currentLanguage, i18n } from '@/lib/i18n';

export type UploadOptions = {
  /** The file's type as the route reads it (text/csv, application/octet-stream). */
  contentType: string;
  headers?: Record<string, string>;
  /** The share of the file sent, from 0 to 1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
};

/**
 * Sends a file as a request's body and answers the JSON reply, as apiRequest does, telling how much of it has
 * been sent: fetch cannot report an upload's progress, so this is XMLHttpRequest's job. The same bearer token,
 * language, error answers and 401 handling as every other call.
 */
export function uploadFile(path: string, file: Blob, options: UploadOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', currentLanguage());
    request.setRequestHeader('Content-Type', options.contentType);
    const { token } = getSession();
    if (token !== null) request.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = request.responseText === '' ? null : (JSON.parse(request.responseText) as unknown);
      } catch {
        // Not JSON: the error below says so generically.
      }
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(1);
        resolve(body);
        return;
      }
      // Spec 000 §4: any 401 ends the session.
      if (request.status === 401) clearSession('expired');
      reject(apiErrorOf(request.status, body));
    });
    request.addEventListener('error', () => {
      reject(new ApiError(0, i18n.t('errors.network'), NETWORK_ERROR_CODE));
    });
    request.addEventListener('abort', () => {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    options.signal?.addEventListener('abort', () => {
      request.abort();
    });
    request.send(file);
  });
}
