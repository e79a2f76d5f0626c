import { z } from 'zod';
import { ZIP_MAX } from './constants.js';
import { messages } from './messages.js';

/**
 * Zip and postal codes of any country (docs/decisions/0035-phone-numbers-and-postal-codes.md): up
 * to ZIP_MAX characters of letters, digits, spaces and hyphens, starting with a letter or digit
 * (`CA12 5AB`, `K1A 0B1`, `1234 AB`, `12345-6789`). Checked as typed and kept as typed, only trimmed:
 * the gateway receives what the customer wrote.
 */
const ZIP_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/** What is wrong with a zip code, for the field and the API alike; null when it is fine or empty. */
export function zipCodeProblem(raw: string | null | undefined): string | null {
  const text = raw?.trim();
  if (!text) return null;
  return text.length <= ZIP_MAX && ZIP_CODE.test(text) ? null : messages.zipCodeInvalid;
}

/** A zip code field of a contract: trimmed, optional, `zipCodeProblem`'s rule. */
export const zipCodeSchema = z
  .string()
  .trim()
  .refine((v) => zipCodeProblem(v) === null, messages.zipCodeInvalid)
  .nullish();
