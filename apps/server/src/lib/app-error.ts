import { errorCodes, errorMessageOf, type ErrorCode, type FixedMessageCode } from '@copydesk/shared';

/**
 * Domain errors. Services throw `new AppError(code)` with a code of the shared table
 * (packages/shared/src/error-codes.ts), which gives its status and message; the one error handler
 * answers `{code, message, errors?}` (docs/decisions/0022-api-conventions.md). Services never know
 * about HTTP.
 */

/** Laravel-style field errors keyed by payload path, e.g. `sign.email`. */
export type FieldErrors = Record<string, string[]>;

/** What every error answers. */
export type ErrorBody = { code: ErrorCode; message: string; errors?: FieldErrors };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldErrors;
  /** Seconds the caller should wait before trying again; the error handler sends it as `Retry-After`. */
  retryAfterSeconds?: number;

  /**
   * `message` replaces the table's (a case-specific text); a code whose table message is built
   * from the case (a limit, a column) needs it. `errors` are the field errors of a 422.
   */
  constructor(code: FixedMessageCode, message?: string, errors?: FieldErrors);
  constructor(code: ErrorCode, message: string, errors?: FieldErrors);
  constructor(code: ErrorCode, message?: string, errors?: FieldErrors) {
    super(message ?? errorMessageOf(code as FixedMessageCode));
    this.name = 'AppError';
    this.code = code;
    if (errors) this.errors = errors;
  }

  get status(): number {
    return errorCodes[this.code].status;
  }

  /** A 422 with one field error; the message is the field's message, as Laravel answers. */
  static field(code: FixedMessageCode, path: string, message?: string): AppError;
  static field(code: ErrorCode, path: string, message: string): AppError;
  static field(code: ErrorCode, path: string, message?: string): AppError {
    const text = message ?? errorMessageOf(code as FixedMessageCode);
    return new AppError(code as FixedMessageCode, text, { [path]: [text] });
  }

  /** The same error, answered with `Retry-After: seconds` (a 429 or 503 that will pass). */
  retryAfter(seconds: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }

  /** The answer's body. */
  toBody(): ErrorBody {
    return { code: this.code, message: this.message, ...(this.errors ? { errors: this.errors } : {}) };
  }
}
