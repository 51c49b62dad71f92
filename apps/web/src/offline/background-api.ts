import { API_BASE } from '@/lib/api-base';
import type { SliceGet } from '@/offline/slice';

/** An error answer of the API seen by the worker; only its status matters there (nothing is shown). */
export class BackgroundHttpError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(`HTTP ${status}`);
    this.name = 'BackgroundHttpError';
    this.status = status;
  }
}

export type Credentials = { token: string; language: string };

/**
 * The worker's GET of the API, with the token and language the page gave: the page's client reads the session
 * from localStorage, which a worker has not. A 401 is told through `onUnauthorized`, for the page to end the
 * session.
 */
export function backgroundGet(credentials: Credentials, onUnauthorized: () => void): SliceGet {
  return async (path, parser, signal) => {
    const response = await fetch(`${API_BASE}${path}`, {
      headers: {
        Accept: 'application/json',
        'Accept-Language': credentials.language,
        Authorization: `Bearer ${credentials.token}`,
      },
      signal,
    });
    if (!response.ok) {
      if (response.status === 401) onUnauthorized();
      throw new BackgroundHttpError(response.status);
    }
    return parser.parse(await response.json());
  };
}
