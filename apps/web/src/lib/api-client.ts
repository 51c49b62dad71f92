import { ApiErrorBody } from '@crm/shared';
import { clearSession, getSession } from '@/app/session';
import { API_BASE, HTTP_ERROR_CODE, NETWORK_ERROR_CODE } from '@/lib/api-base';
import { currentLanguage, i18n } from '@/lib/i18n';

export { API_BASE, HTTP_ERROR_CODE, NETWORK_ERROR_CODE };

/** An error answer of the API, or status 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, message: string, code: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Any zod schema fits; typed structurally so the web app needs no direct zod import. */
export type ResponseParser<T> = { parse: (data: unknown) => T };

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * false for calls made before signing in (login): no bearer token, and a 401 is an answer to show,
   * not an expired session.
   */
  auth?: boolean;
};

/** The ApiError of an error answer: the API's {message, code} body, or a generic message for any other body. */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const parsed = ApiErrorBody.safeParse(body);
  if (parsed.success) {
    return new ApiError(status, parsed.data.message, parsed.data.code, parsed.data.fields);
  }
  return new ApiError(status, i18n.t('errors.http', { status }), HTTP_ERROR_CODE);
}

async function readErrorBody(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page…): fall back to a generic message.
  }
  return apiErrorOf(response.status, body);
}

/** The call with the session's token and the user's language; an error answer or no answer throws ApiError. */
async function fetchApi(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const { method = 'GET', body, signal, auth = true } = options;
  const headers: Record<string, string> = {
    Accept: accept,
    'Accept-Language': currentLanguage(),
    ...options.headers,
  };
  const token = auth ? getSession().token : null;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // A caller's own cancellation stays a cancellation (TanStack Query relies on it).
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, i18n.t('errors.network'), NETWORK_ERROR_CODE);
  }

  if (!response.ok) {
    const error = await readErrorBody(response);
    // Spec 000 §4: any 401 ends the session; the route guard then sends the browser to /login.
    if (response.status === 401 && auth) clearSession('expired');
    throw error;
  }
  return response;
}

export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const response = await fetchApi(path, options, 'application/json');
  if (response.status === 204) return undefined;
  const text = await response.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

export const apiClient = {
  get<T>(path: string, parser: ResponseParser<T>, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T> {
    return apiRequest(path, options).then((data) => parser.parse(data));
  },
  post<T>(path: string, body: unknown, parser: ResponseParser<T>, options?: Omit<RequestOptions, 'method' | 'body'>) {
    return apiRequest(path, { ...options, method: 'POST', body }).then((data) => parser.parse(data));
  },
  put<T>(path: string, body: unknown, parser: ResponseParser<T>, options?: Omit<RequestOptions, 'method' | 'body'>) {
    return apiRequest(path, { ...options, method: 'PUT', body }).then((data) => parser.parse(data));
  },
  patch<T>(path: string, body: unknown, parser: ResponseParser<T>, options?: Omit<RequestOptions, 'method' | 'body'>) {
    return apiRequest(path, { ...options, method: 'PATCH', body }).then((data) => parser.parse(data));
  },
  /** A file (an image, a PDF): the caller saves or shows it, since a link can't carry the bearer token. */
  blob(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<Blob> {
    return fetchApi(path, options ?? {}, '*/*').then((response) => response.blob());
  },
  /** For answers without a body (204). */
  send(path: string, options: RequestOptions): Promise<void> {
    return apiRequest(path, options).then(() => undefined);
  },
};
