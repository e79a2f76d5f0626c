import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, endpoints, messages } from '@copydesk/shared';
import type { UserRow } from '../db/schema/index.js';
import { authPlugin } from '../plugins/auth.js';
import { registerErrorHandler } from '../plugins/error-handler.js';
import { hashToken } from './tokens.js';
import { onlyTableRoutes, route } from './route.js';
import type { Session } from './access.js';

/**
 * Routes are secure by default (lib/route.ts, lib/access.ts): the guard comes from the endpoint
 * table's `access`, so a route registered with no hooks of its own is still guarded, and a route
 * that did not come from the table stops the start-up.
 */

const TOKENS: Record<string, Partial<UserRow>> = {
  'admin-token-0123456789': { id: 1, role: 'admin', status: 1 },
  'agency-token-0123456789': { id: 2, role: 'agency', status: 1 },
  'switched-off-0123456789': { id: 3, role: 'agency', status: 0 },
};
const sessions = new Map(
  Object.entries(TOKENS).map(([token, user]) => [
    hashToken(token),
    { tokenId: user.id!, user: { ...user, agencyName: null, orderCount: 0 } as Session['user'], agencyStatus: null },
  ]),
);

let apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

async function appWith(register: (api: ReturnType<typeof Fastify>) => void | Promise<void>) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  apps.push(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app as never);
  await app.register(authPlugin, { sessions: { findByAccessTokenHash: async (hash) => sessions.get(hash) ?? null } });
  await app.register(
    async (api) => {
      onlyTableRoutes(api);
      await register(api as never);
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

const adminOnly = defineEndpoint({ method: 'GET', path: '/probe/admin', access: ['coupons.admin'], response: { 200: z.object({ ok: z.boolean() }) } });
const signedIn = defineEndpoint({ method: 'GET', path: '/probe/me', access: 'signed-in', response: { 200: z.object({ id: z.number() }) } });
const open = defineEndpoint({ method: 'GET', path: '/probe/open', access: 'public', response: { 200: z.object({ ok: z.boolean() }) } });

describe('routes from the endpoint table', () => {
  it('install the guard the entry names, with no hook of their own', async () => {
    let handled = 0;
    const app = await appWith((api) => {
      route(api as never, adminOnly, {}, async () => ({ ok: (handled += 1) > 0 }));
      route(api as never, signedIn, {}, async (request) => ({ id: request.user!.id }));
      route(api as never, open, {}, async () => ({ ok: true }));
    });
    const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

    expect((await get('/api/probe/admin')).statusCode).toBe(401);
    const agency = await get('/api/probe/admin', 'agency-token-0123456789');
    expect(agency.statusCode).toBe(403);
    expect(agency.json().message).toBe(messages.forbidden);
    const switchedOff = await get('/api/probe/admin', 'switched-off-0123456789');
    expect([switchedOff.statusCode, switchedOff.json().message]).toEqual([403, messages.accountDeactivated]);
    expect(handled).toBe(0);
    expect((await get('/api/probe/admin', 'admin-token-0123456789')).statusCode).toBe(200);
    expect(handled).toBe(1);

    expect((await get('/api/probe/me')).statusCode).toBe(401);
    expect((await get('/api/probe/me', 'agency-token-0123456789')).json()).toEqual({ id: 2 });
    expect((await get('/api/probe/open')).statusCode).toBe(200);
  });

  it('stop the start-up when a route under /api did not come from the table', async () => {
    await expect(
      appWith((api) => {
        api.get('/rogue', async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/GET \/api\/rogue is not registered from the endpoint table/);
  });

  it('every entry of the table says who may call it', () => {
    const publicCalls = Object.entries(endpoints)
      .filter(([, endpoint]) => endpoint.access === 'public')
      .map(([name]) => name)
      .sort();
    // Anonymous calls are the visitor's: sign-up and sign-in, password and verification links,
    // Google sign-in, the signed invoice and picture files, the lists of places, the card form's
    // configuration, health and readiness, and the development mailbox (which checks the caller itself).
    expect(publicCalls).toEqual(
      [
        'checkVerify',
        'forgotPassword',
        'getGoogleLogin',
        'getHealth',
        'getReadiness',
        'getInvoicePdf',
        'getPaymentConfig',
        'getProfilePicture',
        'getUserByToken',
        'listCities',
        'listCountries',
        'listDevOutbox',
        'listStates',
        'login',
        'register',
        'resendVerify',
        'resetPassword',
        'setPassword',
        'socialCallback',
        'socialRedirect',
        'verifyEmail',
      ].sort(),
    );
    for (const endpoint of Object.values(endpoints)) expect(endpoint.access).toBeDefined();
  });
});
