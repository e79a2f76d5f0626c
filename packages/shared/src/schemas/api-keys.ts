import { z } from 'zod';
import { apiKeyMessages as m, messages } from '../messages.js';

/**
 * API key contracts (docs/decisions/0043-api-keys-and-mcp.md). A key is `cd_` and 40 base62
 * characters; the plaintext travels once, in the creation answer, and only its SHA-256 is kept.
 */

export const API_KEY_NAME_MAX = 100;
/** Live (unrevoked) keys one account may hold at a time. */
export const API_KEYS_PER_ACCOUNT = 20;
export const API_KEY_PREFIX = 'cd_';
/** Random base62 characters after the prefix: log2(62) × 40 ≈ 238 bits. */
export const API_KEY_RANDOM_LENGTH = 40;
/** How much of a key is kept and shown to recognise it (`cd_` and 5 characters). */
export const API_KEY_SHOWN_LENGTH = 8;

/** Whether a bearer token has the shape of an API key (not a session token). */
export const isApiKeyShaped = (token: string) => /^cd_[0-9A-Za-z]{40}$/.test(token);

export const apiKeyNameSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? messages.fieldRequired : m.nameInvalid) })
  .max(1000, m.nameTooLong)
  .trim()
  .min(1, messages.fieldRequired)
  .max(API_KEY_NAME_MAX, m.nameTooLong);

export const createApiKeySchema = z.object({ name: apiKeyNameSchema });

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The creation answer: the only one that carries `key`. */
export const createdApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  key: z.string(),
  created_at: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListResponseSchema = z.object({ data: z.array(apiKeySchema) });
