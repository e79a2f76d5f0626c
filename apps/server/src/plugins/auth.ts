import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiKeyLimiter, SessionStore } from '../lib/access.js';

/** An API key's counting window: its limit is per minute (docs/decisions/0043-api-keys-and-mcp.md). */
const API_KEY_WINDOW_MS = 60_000;

/**
 * Gives the access layer (lib/access.ts) what it needs: requests carry `user`, `accessTokenId` and
 * `apiKeyId`, `app.sessions` finds the session of a bearer token or the owner of an API key, and
 * `app.apiKeyLimiter` counts each key's requests. The app hands the store in (the auth and API key
 * modules' repositories), so this plugin knows no domain module.
 *
 * The key's counter is @fastify/rate-limit's `createRateLimit` on the store the app registered the
 * plugin with (lib/rate-limit-store.ts, in the database), so every instance shares one bucket per key;
 * unlike its route hook, it leaves the request's own route limit (if any) to count as well.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { sessions: SessionStore; apiKeyRateLimitPerMinute?: number }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('accessTokenId', null);
  app.decorateRequest('apiKeyId', null);
  app.decorate('sessions', options.sessions);
  let limiter: ApiKeyLimiter | null = null;
  if (options.apiKeyRateLimitPerMinute !== undefined && app.hasDecorator('createRateLimit')) {
    const count = app.createRateLimit({
      max: options.apiKeyRateLimitPerMinute,
      timeWindow: API_KEY_WINDOW_MS,
      keyGenerator: (request: FastifyRequest) => `api-key:${request.apiKeyId ?? 'none'}`,
    });
    limiter = async (request) => {
      const result = await count(request);
      return { exceeded: !result.isAllowed && result.isExceeded, retryAfterSeconds: Math.max(1, result.isAllowed ? 0 : result.ttlInSeconds) };
    };
  }
  app.decorate('apiKeyLimiter', limiter);
});
