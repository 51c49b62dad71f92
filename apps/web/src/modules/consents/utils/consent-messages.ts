import { SignatureImage } from '@crm/shared';
import { HTTP_ERROR_CODE, isApiError } from '@/lib/api-client';
import { i18n, translateKey } from '@/lib/i18n';

/**
 * Spec 000 §5, checked before sending with the server's own rule: nothing drawn, too little to be a
 * signature, or too large. The message in the user's language, or null when the image may be sent.
 */
export function signatureProblem(image: string): string | null {
  const result = SignatureImage.safeParse(image);
  if (result.success) return null;
  return translateKey(result.error.issues[0]?.message ?? 'consents.signatureInvalid');
}

/**
 * Spec 000 §8: with a server answer, 'Failed to save signature: {server message or status text}'; without
 * one, the network error; otherwise the generic failure. A 413 from something before the API (a proxy's
 * page) still tells the rep what to do.
 */
export function saveErrorMessage(error: unknown): string {
  if (!isApiError(error)) return i18n.t('consents.saveFailedGeneric');
  if (error.status === 0) return i18n.t('consents.networkError');
  const message =
    error.status === 413 && error.code === HTTP_ERROR_CODE ? i18n.t('consents.signatureTooLarge') : error.message;
  return i18n.t('consents.saveFailed', { message });
}
