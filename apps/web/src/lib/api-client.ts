import {
  fallbackErrorCode,
  hasErrorCodeShape,
  messages,
  routes,
  type Endpoint,
  type EndpointResponse,
  type Endpoints,
  type ErrorCode,
  type PathParamNames,
} from '@copydesk/shared';
import type { z } from 'zod';
import { clearSession, getToken } from './auth';
import { notify } from './notify';
import { nextTask } from './next-task';

/**
 * The one HTTP transport of the app: JSON calls (`request`, `call`), uploads that report progress
 * (`send`, XMLHttpRequest underneath, because fetch reports no upload progress) and file downloads
 * (`fetchFile`) are all built and settled here. Every request goes to `/api` with the bearer token
 * (when signed in) and `X-Requested-With: XMLHttpRequest`, and every failure becomes an `ApiError`
 * carrying the server's `{code, message, errors}`. A 401 on a request made with a token means the
 * session is gone (expired, revoked, deactivated): it is cleared here, and the route guard sends the
 * user to /login. So is a 403 saying the account itself may no longer be used (a deactivated user, or
 * an associate whose agency was deactivated), or that an emailed sign-in link's session has reached
 * beyond its order's payment, with that message shown once. Code branches on
 * `code` (packages/shared/src/error-codes.ts), never on the message text.
 */

/** The code of a failure that never reached the server (no connection): the one code not in the server's table. */
export const NETWORK_ERROR = 'network.unreachable';

/** What went wrong: a code of the server's error table, or no connection at all. */
export type ApiErrorCode = ErrorCode | typeof NETWORK_ERROR;

/**
 * The 403s that end the session: the account may no longer be used, or the session is an emailed
 * sign-in link's, which may only pay its order and asks for a normal sign-in for anything else.
 */
const ACCOUNT_REFUSALS: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>(['auth.account_deactivated', 'auth.agency_deactivated', 'auth.link_session_only']);

export const API_BASE = '/api';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  /** What went wrong, as the server names it; for a status alone, that status's generic code. */
  readonly code: ApiErrorCode;
  readonly errors: FieldErrors;
  /** The client has already shown this failure (an account refused mid-session): no second toast. */
  shown = false;

  constructor(status: number, message: string, errors: FieldErrors = {}, code: ApiErrorCode = status === 0 ? NETWORK_ERROR : fallbackErrorCode(status)) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }

  /** The first message of the first field, else the main message: the toast shows one message per failure. */
  get firstMessage(): string {
    for (const list of Object.values(this.errors)) if (list[0]) return list[0];
    return this.message;
  }

  /** Every field message, or the main message when there are none. */
  get allMessages(): string[] {
    const list = Object.values(this.errors).flat().filter(Boolean);
    return list.length ? list : [this.message];
  }

  /** First message per field, with a payload prefix removed (`sign.email` → `email`). */
  fieldErrors(prefix = ''): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [key, list] of Object.entries(this.errors)) {
      if (!list[0]) continue;
      const name = prefix && key.startsWith(`${prefix}.`) ? key.slice(prefix.length + 1) : key;
      out[name] ??= list[0];
    }
    return out;
  }
}

const fallbackMessage = (status: number): string => {
  if (status === 401) return messages.unauthenticated;
  if (status === 403) return messages.forbidden;
  if (status === 404) return messages.notFound;
  if (status === 413) return messages.payloadTooLarge;
  if (status === 422) return messages.invalidData;
  if (status === 429) return messages.tooManyRequests;
  return messages.serverError;
};

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'))
  );
}

/**
 * Turns an error response body into an ApiError, whatever shape it has. A body without a code this
 * client knows (a proxy's error page, a newer server) gets its status's generic code.
 */
export function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const { code, message, errors } = body as { code?: unknown; message?: unknown; errors?: unknown };
    const text = typeof message === 'string' && message.trim() ? message : fallbackMessage(status);
    return new ApiError(status, text, isFieldErrors(errors) ? errors : {}, hasErrorCodeShape(code) ? code : fallbackErrorCode(status));
  }
  if (typeof body === 'string' && body.trim() && body.length < 300 && !body.trimStart().startsWith('<')) {
    return new ApiError(status, body.trim());
  }
  return new ApiError(status, fallbackMessage(status));
}

/** An answer's body: JSON when it says so or looks like it, else its text; null when empty. */
function parseBody(status: number, text: string, contentType: string | null): unknown {
  if (status === 204 || !text) return null;
  if ((contentType ?? '').includes('json') || /^[[{]/.test(text.trimStart())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised, or sent as is when it is FormData (multipart). */
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export function apiUrl(path: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

export type UploadProgress = (percent: number) => void;

/** What every request carries, whichever way it is sent. */
type Prepared = { url: string; method: string; headers: Record<string, string>; body: FormData | string | undefined; token: string | null };

function prepare(path: string, options: RequestOptions, accept: string | null): Prepared {
  const token = getToken();
  const headers: Record<string, string> = { ...(accept ? { Accept: accept } : {}), 'X-Requested-With': 'XMLHttpRequest', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: FormData | string | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return { url: apiUrl(path, options.query), method: options.method ?? 'GET', headers, body, token };
}

/**
 * A non-2xx answer as an ApiError, after what it says about the session: a 401 to a signed-in
 * request ends the session; so does a 403 refusing the account itself, whose message is shown here
 * (and marked shown, so that the screen's error reporting does not show it again).
 */
function refusal(status: number, body: unknown, token: string | null): ApiError {
  const error = toApiError(status, body);
  if (status === 401 && token) clearSession();
  if (status === 403 && token && ACCOUNT_REFUSALS.has(error.code)) {
    clearSession();
    notify.error(error.message);
    error.shown = true;
  }
  return error;
}

/**
 * Sends a prepared request with fetch, in a task of its own; a failed answer is thrown as `refusal`
 * has it. A screen asks for all its data in the effects React runs after drawing it, in one task,
 * and each fetch() call costs the main thread a few milliseconds (more while devtools record where
 * it came from): ten of them held the first screen's task for a sixth of a second
 * (docs/decisions/0048-short-tasks-after-first-paint.md).
 */
async function exchange(prepared: Prepared, signal?: AbortSignal): Promise<Response> {
  await nextTask();
  // Cancelled meanwhile (a newer request for the same data): nothing is sent.
  signal?.throwIfAborted();
  let response: Response;
  try {
    response = await fetch(prepared.url, { method: prepared.method, headers: prepared.headers, body: prepared.body, signal, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, messages.networkError);
  }
  if (!response.ok) throw refusal(response.status, parseBody(response.status, await response.text(), response.headers.get('content-type')), prepared.token);
  return response;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await exchange(prepare(path, options, 'application/json'), options.signal);
  return parseBody(response.status, await response.text(), response.headers.get('content-type')) as T;
}

/**
 * The same request as `request`, sent with XMLHttpRequest so that `onProgress` hears how much of
 * the body (an upload's FormData) has gone, in percent.
 */
export function send<T>(path: string, { onProgress, ...options }: Omit<RequestOptions, 'signal'> & { onProgress?: UploadProgress }): Promise<T> {
  const prepared = prepare(path, options, 'application/json');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(prepared.method, prepared.url);
    for (const [name, value] of Object.entries(prepared.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, messages.networkError));
    xhr.onload = () => {
      const body = parseBody(xhr.status, xhr.responseText, xhr.getResponseHeader('content-type'));
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(refusal(xhr.status, body, prepared.token));
    };
    xhr.send(prepared.body ?? null);
  });
}

/** The file name of a `Content-Disposition` header (RFC 6266 `filename*` first), or null. */
export function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || null;
}

export type DownloadedFile = { blob: Blob; filename: string | null };

/* Typed calls through the shared endpoint table (packages/shared/src/endpoints). */

type Schema<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

type ParamsOption<E extends Endpoint> = [PathParamNames<E['path']>] extends [never]
  ? { params?: never }
  : { params: { [K in PathParamNames<E['path']>]: string | number } };

type QueryOption<E extends Endpoint> = Schema<E, 'query'> extends z.ZodType ? { query?: z.input<Schema<E, 'query'>> & Query } : { query?: never };

/** An upload may follow its progress (it then goes by `send`). */
type BodyOption<E extends Endpoint> = E extends { body: 'multipart' }
  ? { body: FormData; onProgress?: UploadProgress }
  : Schema<E, 'body'> extends z.ZodType
    ? undefined extends z.input<Schema<E, 'body'>>
      ? { body?: z.input<Schema<E, 'body'>> }
      : { body: z.input<Schema<E, 'body'>> }
    : { body?: never };

export type CallOptions<E extends Endpoint> = ParamsOption<E> & QueryOption<E> & BodyOption<E> & Pick<RequestOptions, 'headers' | 'signal'>;

/** The options are optional only when nothing in them is required (no path parameter, no body). */
type CallArgs<E extends Endpoint> = object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** `/coupon/:id` with `{id: 7}` → `/coupon/7`; each value is URL-encoded (a coupon code may hold `/` or `?`). */
function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(params[name]));
  });
}

/** The names of the calls that answer JSON (not a file download or a page's redirect). */
export type CallName = { [K in keyof Endpoints]: Endpoints[K] extends { download: true } | { redirect: true } ? never : K }[keyof Endpoints];

/** What call `name` answers. */
export type CallResponse<K extends keyof Endpoints> = EndpointResponse<Endpoints[K]>;

/**
 * Calls one endpoint of the table by its name: path parameters filled in, query and body typed by
 * the contract's input schemas, the answer typed by its 2xx schema. Failures are `request`'s
 * ApiError. Only the method and path (`routes`) are read at run time.
 *
 *   call('getCoupon', { params: { id } })  // → Promise<{ data: Coupon }>
 */
export function call<K extends CallName>(name: K, ...[options]: CallArgs<Endpoints[K]>): Promise<CallResponse<K>> {
  const { method, path } = routes[name];
  const { params, query, body, headers, signal, onProgress } = (options ?? {}) as CallOptions<Endpoint> & {
    params?: Record<string, string | number>;
    query?: Query;
    onProgress?: UploadProgress;
  };
  if (onProgress) return send<CallResponse<K>>(fillPath(path, params), { method, query, body, headers, onProgress });
  return request<CallResponse<K>>(fillPath(path, params), { method, query, body, headers, signal });
}

/** The names of the calls that answer a file. */
export type DownloadName = { [K in keyof Endpoints]: Endpoints[K] extends { download: true } ? K : never }[keyof Endpoints];

type FileOptions<E extends Endpoint> = ParamsOption<E> & QueryOption<E>;
type FileArgs<E extends Endpoint> = object extends FileOptions<E> ? [options?: FileOptions<E>] : [options: FileOptions<E>];

/**
 * Fetches the file a download endpoint answers (a delivered .docx, an order's export, a
 * spreadsheet), with the same headers and failures as every other call, and the file name its
 * `Content-Disposition` gives. Files behind the bearer header cannot be opened with a plain link.
 *
 *   fetchFile('exportOrder', { params: { id } })  // → Promise<{ blob, filename }>
 */
export async function fetchFile<K extends DownloadName>(name: K, ...[options]: FileArgs<Endpoints[K]>): Promise<DownloadedFile> {
  const { params, query } = (options ?? {}) as { params?: Record<string, string | number>; query?: Query };
  const response = await exchange(prepare(fillPath(routes[name].path, params), { method: routes[name].method, query }, null));
  return { blob: await response.blob(), filename: filenameFrom(response.headers.get('content-disposition')) };
}

/** The URL of an endpoint, for what is not a JSON call: a download (a link, or a fetch of the file) or a page navigation. */
export function endpointUrl<K extends keyof Endpoints>(
  name: K,
  ...[params, query]: ParamsOption<Endpoints[K]> extends { params: infer P } ? [params: P, query?: Query] : [params?: undefined, query?: Query]
): string {
  return apiUrl(fillPath(routes[name].path, params as Record<string, string | number> | undefined), query);
}
