import { API_BASE, HTTP_ERROR_CODE } from '@/lib/api-base';
import type { SliceGet } from '@/offline/slice/slice';

/**
 * An error answer of the API seen by the worker (status 0: no answer), shaped as the page's ApiError where the
 * queue's classification reads it (status, code, and the message kept for the rep).
 */
export class BackgroundHttpError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string = HTTP_ERROR_CODE, message = `HTTP ${status}`) {
    super(message);
    this.name = 'BackgroundHttpError';
    this.status = status;
    this.code = code;
  }
}

export type Credentials = { token: string; language: string };

/** The headers of the page's API client, from the credentials the page gave. */
export function backgroundHeaders({ token, language }: Credentials): Record<string, string> {
  return { Accept: 'application/json', 'Accept-Language': language, Authorization: `Bearer ${token}` };
}

/**
 * The worker's GET of the API, with the token and language the page gave: the page's client reads the session
 * from localStorage, which a worker has not. A 401 is told through `onUnauthorized`, for the page to end the
 * session.
 */
export function backgroundGet(credentials: Credentials, onUnauthorized: () => void): SliceGet {
  return async (path, parser, signal) => {
    const response = await fetch(`${API_BASE}${path}`, {
      headers: backgroundHeaders(credentials),
      signal,
    });
    if (!response.ok) {
      if (response.status === 401) onUnauthorized();
      throw new BackgroundHttpError(response.status);
    }
    return parser.parse(await response.json());
  };
}
