import type { ErrorCode } from './error-codes.js';

/**
 * What a client needs of the error codes at run time, apart from the table (error-codes.ts), whose
 * messages a browser's first page should not carry: the generic code of a bare status, for answers
 * nothing more specific is known about (a framework error the server does not name, or a body
 * without a code, such as a proxy's error page), and whether a value has a code's shape.
 * error-codes.test.ts checks each generic code against the table's status.
 */
const GENERIC_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'request.invalid',
  401: 'auth.unauthenticated',
  403: 'auth.forbidden',
  404: 'request.not_found',
  406: 'request.not_acceptable',
  413: 'request.payload_too_large',
  415: 'request.unsupported_media_type',
  422: 'validation.failed',
  429: 'rate_limit.exceeded',
  500: 'server.error',
  503: 'service.unavailable',
};

/** The generic code of a status: its own (401 → `auth.unauthenticated`), else `request.invalid` for a 4xx and `server.error` for anything else. */
export function fallbackErrorCode(status: number): ErrorCode {
  return GENERIC_BY_STATUS[status] ?? (status >= 400 && status < 500 ? 'request.invalid' : 'server.error');
}

/** Whether a value has the shape of an error code (dotted lower_snake); the server answers only codes of its table. */
export function hasErrorCodeShape(value: unknown): value is ErrorCode {
  return typeof value === 'string' && /^[a-z_]+(\.[a-z_]+)+$/.test(value);
}
