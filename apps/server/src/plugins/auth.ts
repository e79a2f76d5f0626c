import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionStore } from '../lib/access.js';

/**
 * Gives the access layer (lib/access.ts) what it needs: requests carry `user` and `accessTokenId`,
 * and `app.sessions` finds the session of a bearer token. The app hands the store in (the auth
 * module's repository), so this plugin knows no domain module.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { sessions: SessionStore }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('accessTokenId', null);
  app.decorate('sessions', options.sessions);
});
