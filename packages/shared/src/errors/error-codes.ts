import { z } from 'zod';

/** Stable codes of the server's errors; the message is translated from `errors.<code>`. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'CONFLICT',
  'IN_USE',
  'PAYLOAD_TOO_LARGE',
  'IDEMPOTENCY_KEY_REUSED',
  'SYNC_CHANGE_NOT_ALLOWED',
  'ACTIVITY_LOCKED',
  'APPROVAL_REQUIRED',
  'NOT_APPROVER',
  'GEOCODING_FAILED',
  'GEOCODING_NO_RESULT',
  'UGA_FILE_FAILED',
  'UGA_NOT_FOUND',
  'EXTERNAL_RECIPIENTS',
  'FORMER_RECIPIENTS',
  'MAIL_SERVER_MISSING',
  'NO_PASSWORD',
  'NEGLIGIBLE_VALUE_EXCEEDED',
  'CONVENTION_NOT_IN_FORCE',
  'CONVENTION_STATUS',
  'CSV_INVALID_LINES',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ApiErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
