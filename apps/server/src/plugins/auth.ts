import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { API_KEY_WINDOW_MS, apiKeyBucket, type ApiKeyLimiter, type SessionStore } from '../lib/access.js';
import { rateLimitRepository } from '../lib/rate-limit-store.repository.js';

/** How often an instance adds its keys' requests to their shared buckets. */
const API_KEY_FLUSH_MS = 1_000;

/**
 * Counts API keys' requests in the shared rate-limit buckets (the table of lib/rate-limit-store.ts,
 * one `api-key:<id>` bucket per key, fixed one-minute windows), so the limit holds across instances.
 * A request adds to this instance's pending count at once and the counts reach the buckets in one
 * upsert per key every API_KEY_FLUSH_MS: a key's call then costs no write of its own, and its
 * lookup reads the bucket in the same statement (modules/api-keys). A count stays pending until its
 * write has landed, so it is never missing from `window + pending`; other instances see it within a
 * flush. If the database cannot take the counts they are dropped with a log line (the limiter fails
 * open, as the route limits' store does).
 */
function apiKeyLimiter(app: FastifyInstance, db: Database, perMinute: number): ApiKeyLimiter {
  /** Requests per key not yet in its bucket: counted here, and being written. */
  const pending = new Map<number, { unsent: number; sending: number }>();
  let flushing: Promise<void> | null = null;

  async function flush() {
    const batch = [...pending].filter(([, p]) => p.unsent > 0);
    for (const [, p] of batch) {
      p.sending += p.unsent;
      p.unsent = 0;
    }
    await Promise.all(
      batch.map(async ([id, p]) => {
        const hits = p.sending;
        try {
          await rateLimitRepository.hit(db, { key: apiKeyBucket(id), windowMs: API_KEY_WINDOW_MS, max: perMinute, restartWhenOver: false, hits });
        } catch (err) {
          app.log.error({ err }, 'API key requests not counted');
        } finally {
          p.sending -= hits;
          if (p.unsent === 0 && p.sending === 0) pending.delete(id);
        }
      }),
    );
  }
  const run = () => {
    if (!flushing) flushing = flush().finally(() => (flushing = null));
    return flushing;
  };
  const timer = setInterval(() => void run(), API_KEY_FLUSH_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flushing;
    await run();
  });

  return {
    perMinute,
    pending: (apiKeyId) => {
      const p = pending.get(apiKeyId);
      return p ? p.unsent + p.sending : 0;
    },
    count(apiKeyId) {
      const p = pending.get(apiKeyId) ?? { unsent: 0, sending: 0 };
      p.unsent += 1;
      pending.set(apiKeyId, p);
    },
  };
}

/**
 * Gives the access layer (lib/access.ts) what it needs: requests carry `user`, `accessTokenId` and
 * `apiKeyId`, `app.sessions` finds the session of a bearer token or the owner of an API key, and
 * `app.apiKeyLimiter` counts each key's requests. The app hands the store in (the auth and API key
 * modules' repositories), so this plugin knows no domain module.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { sessions: SessionStore; apiKeyRateLimit?: { perMinute: number; db: Database } }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('accessTokenId', null);
  app.decorateRequest('apiKeyId', null);
  app.decorate('sessions', options.sessions);
  const limit = options.apiKeyRateLimit;
  app.decorate('apiKeyLimiter', limit ? apiKeyLimiter(app, limit.db, limit.perMinute) : null);
});
