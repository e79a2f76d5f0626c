import type { FastifyInstance } from 'fastify';
import { unsafeTextCode, unsafeTextIn, type UnsafeText } from '@copydesk/shared';
import { AppError } from '../lib/app-error.js';

/**
 * Text no handler may see: a NUL (PostgreSQL refuses it, so every query holding one
 * was a 500) or an unpaired surrogate (not Unicode; encoders replace or throw). Checked in one
 * place for every route, so no route has to remember it:
 * - onRequest, once the route is matched but before authentication, parsing or validation: the
 *   raw URL must decode as UTF-8 (400; a broken escape in a path parameter already gets
 *   Fastify's own 400), and no path or query parameter, name or value, may hold unsafe text (422
 *   keyed by the parameter);
 * - preHandler, after validation: no string in the body, keys included (422 keyed by its path,
 *   `sign.email`). After validation, so a field's own rule answers first and a schema that cleans
 *   text (the inbox drops control characters) keeps doing so.
 * Multipart fields and file names are checked where they are read (lib/uploads.ts).
 */

export interface UnsafeTextFound {
  /** Dotted path of the offending value or key (`sign.email`, `articlesData.0.keyword`), '' = the value itself. */
  path: string;
  problem: UnsafeText;
}

/** The first string (or object key) in a JSON-like value holding unsafe text. Iterative: depth cannot overflow the stack. */
export function findUnsafeText(value: unknown): UnsafeTextFound | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const problem = unsafeTextIn(current);
      if (problem) return { path, problem };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        const problem = unsafeTextIn(key);
        if (problem) return { path: childPath, problem };
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** The 422 for unsafe text at `path` (the key itself may be unsafe: JSON escapes it). */
export function unsafeTextError(found: UnsafeTextFound, fallbackKey: string): AppError {
  return AppError.field(unsafeTextCode(found.problem), found.path || fallbackKey);
}

/** True when every %-escape of the raw URL decodes to UTF-8 (`%FF`, `%ED%A0%80`, a lone `%` do not). */
function decodesAsUtf8(rawUrl: string): boolean {
  try {
    decodeURIComponent(rawUrl);
    return true;
  } catch {
    return false;
  }
}

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!decodesAsUtf8(request.raw.url ?? '')) throw new AppError('request.malformed_url');
    for (const part of [request.params, request.query]) {
      const found = findUnsafeText(part);
      if (found) throw unsafeTextError(found, 'query');
    }
  });
  app.addHook('preHandler', async (request) => {
    const found = findUnsafeText(request.body);
    if (found) throw unsafeTextError(found, 'body');
  });
}
