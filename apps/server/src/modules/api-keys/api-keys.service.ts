import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  API_KEY_PREFIX,
  API_KEY_RANDOM_LENGTH,
  API_KEY_SHOWN_LENGTH,
  API_KEYS_PER_ACCOUNT,
  apiKeyMessages,
  type ApiKey,
  type CreatedApiKey,
  type createApiKeySchema,
} from '@copydesk/shared';
import type { UserRow } from '../../db/schema/index.js';
import { assertCan } from '../../lib/access.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../../lib/tokens.js';
import { apiKeysRepository } from './api-keys.repository.js';

/**
 * API keys (docs/decisions/0043-api-keys-and-mcp.md): each account manages its own, from a signed-in
 * session (the entries refuse keys). The plaintext exists only in the creation answer.
 */

type CreateInput = z.output<typeof createApiKeySchema>;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `cd_` and 40 base62 characters; `randomInt` draws each without modulo bias (it rejects the uneven tail). */
export function generateApiKey(): string {
  let key = API_KEY_PREFIX;
  for (let i = 0; i < API_KEY_RANDOM_LENGTH; i++) key += BASE62[randomInt(BASE62.length)];
  return key;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** POST /api-keys: 201 with the key, the only time it is shown. */
export async function createApiKey(ctx: AppContext, actor: UserRow, input: CreateInput): Promise<CreatedApiKey> {
  assertCan(actor, 'developers.manage');
  const key = generateApiKey();
  const row = await apiKeysRepository.insertWithin(
    ctx.db,
    { userId: actor.id, name: input.name, prefix: key.slice(0, API_KEY_SHOWN_LENGTH), keyHash: hashToken(key) },
    API_KEYS_PER_ACCOUNT,
  );
  if (!row) throw new AppError('api_key.limit_reached');
  return { id: row.id, name: row.name, prefix: row.prefix, key, created_at: row.createdAt.toISOString() };
}

/** GET /api-keys: the caller's live keys, never the keys themselves. */
export async function listApiKeys(ctx: AppContext, actor: UserRow): Promise<{ data: ApiKey[] }> {
  assertCan(actor, 'developers.manage');
  const rows = await apiKeysRepository.listLive(ctx.db, actor.id);
  return {
    data: rows.map((row) => ({ id: row.id, name: row.name, prefix: row.prefix, created_at: row.createdAt.toISOString(), last_used_at: iso(row.lastUsedAt) })),
  };
}

/** DELETE /api-keys/{id}: revokes one of the caller's keys; anyone else's (or an unknown one) is 404. */
export async function revokeApiKey(ctx: AppContext, actor: UserRow, id: number) {
  assertCan(actor, 'developers.manage');
  if (!(await apiKeysRepository.revoke(ctx.db, actor.id, id))) throw new AppError('api_key.not_found');
  return { message: apiKeyMessages.revoked };
}
