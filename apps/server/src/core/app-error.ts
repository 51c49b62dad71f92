import type { ErrorCode } from '@crm/shared';

const statusOf: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  IDEMPOTENCY_KEY_REUSED: 422,
  SYNC_CHANGE_NOT_ALLOWED: 400,
  ACTIVITY_LOCKED: 409,
  APPROVAL_REQUIRED: 409,
  NOT_APPROVER: 403,
  GEOCODING_FAILED: 502,
  GEOCODING_NO_RESULT: 404,
  UGA_FILE_FAILED: 500,
  UGA_NOT_FOUND: 404,
  EXTERNAL_RECIPIENTS: 400,
  FORMER_RECIPIENTS: 400,
  MAIL_SERVER_MISSING: 409,
  NO_PASSWORD: 409,
  NEGLIGIBLE_VALUE_EXCEEDED: 422,
  CONVENTION_NOT_IN_FORCE: 409,
  CONVENTION_STATUS: 409,
  CSV_INVALID_LINES: 422,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL_ERROR: 500,
};

/**
 * The one error type services throw. The message is translated from `errors.<code>`
 * (or from `messageKey`) in the request's language when the answer is written.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly options: { messageKey?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(code);
    this.statusCode = statusOf[code];
  }
}

export function validationError(fields: Record<string, string>): AppError {
  return new AppError('VALIDATION_ERROR', {}, { fields });
}
