import { isApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

/**
 * The server's message for a failed call (already in the user's language), else 'Unknown error': what the
 * spec's "{server message or Unknown error}" messages put after their colon.
 */
export function serverMessage(error: unknown): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message;
  return i18n.t('common.unknownError');
}
