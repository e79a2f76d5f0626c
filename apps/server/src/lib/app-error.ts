/**
 * Domain errors. Services throw `AppError(code, message)`; the one error handler maps the code to
 * an HTTP status (docs/decisions/0022-api-conventions.md). Services never know about HTTP.
 */
export const errorStatus = {
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  VALIDATION: 422,
  RATE_LIMITED: 429,
  BAD_REQUEST: 400,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Laravel-style field errors keyed by payload path, e.g. `sign.email`. */
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }

  /** A 422 with one field error; the message is the field's message, as Laravel answers. */
  static field(path: string, message: string): AppError {
    return new AppError('VALIDATION', message, { [path]: [message] });
  }
}
