import { HTTP_ERROR_CODE, isApiError, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

/**
 * The server's message for a failed call (already in the user's language), else 'Unknown error': what the
 * spec's "{server message or Unknown error}" messages put after their colon.
 */
export function serverMessage(error: unknown): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message;
  return i18n.t('common.unknownError');
}

/**
 * The server's own message for a failed call, else `fallback`: the spec's "server message, else '…'"
 * (001 §8). An answer that is not the API's (a proxy's HTML page, a body that does not parse) carries no
 * message of the server's and gets the fallback; a server that could not be reached says so.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.code === NETWORK_ERROR_CODE) return error.message;
  return error.code === HTTP_ERROR_CODE || error.message.trim() === '' ? fallback : error.message;
}
