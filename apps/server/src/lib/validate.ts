import type { z } from 'zod';
import { messages } from '@copydesk/shared';
import { AppError } from './app-error.js';

/**
 * Parses a value with a Zod schema inside a handler, for the rare call whose contract depends on
 * who calls it (POST /register: a visitor signs up, a signed-in user adds someone). Failures
 * become the same 422 `{message, errors}` the route validator answers, keyed `prefix.field`.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, prefix: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'body';
    (errors[key] ??= []).push(issue.message || messages.invalidData);
  }
  const first = Object.values(errors)[0]?.[0] ?? messages.invalidData;
  throw new AppError('validation.failed', first, errors);
}
