import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addBalanceSchema,
  balanceResponseSchema,
  billingDetailResponseSchema,
  billingListQuerySchema,
  billingListResponseSchema,
  idParamSchema,
  messageResponseSchema,
  payOrderResponseSchema,
  payOrderSchema,
  paymentConfigResponseSchema,
  PAYMENT_GATEWAYS,
  savedCardsResponseSchema,
  spendingResponseSchema,
  userIdParamSchema,
} from '@copydesk/shared';
import { withIdempotency, type FinishInTransaction } from '../../lib/idempotency.js';
import { randomToken } from '../../lib/tokens.js';
import { currentUser, requireAuth } from '../../plugins/auth.js';
import * as billing from './billing.service.js';
import * as payments from './payments.service.js';

const tags = ['billing'];
const security = [{ bearerAuth: [] }];
const idempotencyHeader = z.object({ 'idempotency-key': z.string().max(300).optional() }).loose();

/** Runs a money call once per Idempotency-Key and replies with the stored answer on repeats. */
async function once(request: FastifyRequest, reply: FastifyReply, scope: string, run: (key: string, finish: FinishInTransaction) => Promise<unknown>) {
  const key = request.headers['idempotency-key'] as string | undefined;
  const user = currentUser(request);
  const stored = await withIdempotency(
    request.server.db,
    { userId: user.id, scope, key, body: request.body, leaseMs: request.server.config.paymentLeaseMs },
    (finish) => run(key ?? randomToken(16), finish),
  );
  return reply.status(stored.status).send(stored.body);
}

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, config: app.config, gateway: app.gateway, log: app.log };
  const anyone = requireAuth();

  // Public: it only says which card form to draw (a publishable key is public by design).
  app.get(
    '/payment-config',
    {
      schema: {
        tags,
        summary: 'Which card gateway takes payments, and the Stripe publishable key the browser loads Stripe.js with',
        response: { 200: paymentConfigResponseSchema },
      },
    },
    async () => ({ gateway: app.config.paymentGateway, publishable_key: app.config.stripePublishableKey }),
  );

  app.post(
    '/order/pay',
    {
      schema: { tags, security, headers: idempotencyHeader, body: payOrderSchema, response: { 200: payOrderResponseSchema } },
      onRequest: requireAuth('orders.pay'),
    },
    async (request, reply) =>
      once(request, reply, 'order.pay', (key, finish) => payments.payOrder(ctx, currentUser(request), request.body.paymentInfo, key, finish)),
  );

  app.post(
    '/billing/addBalance',
    { schema: { tags, security, headers: idempotencyHeader, body: addBalanceSchema, response: { 200: messageResponseSchema } }, onRequest: anyone },
    async (request, reply) =>
      once(request, reply, 'billing.addBalance', (key, finish) => payments.addBalance(ctx, currentUser(request), request.body.paymentInfo, key, finish)),
  );

  app.get(
    '/billing',
    { schema: { tags, security, querystring: billingListQuerySchema, response: { 200: billingListResponseSchema } }, onRequest: anyone },
    async (request) => billing.listPayments(app.db, currentUser(request), request.query),
  );

  app.get(
    '/billing/:id',
    { schema: { tags, security, params: idParamSchema, response: { 200: billingDetailResponseSchema } }, onRequest: anyone },
    async (request) => billing.paymentDetail(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/billing/getAvailableBalance/:userId',
    { schema: { tags, security, params: userIdParamSchema, response: { 200: balanceResponseSchema } }, onRequest: anyone },
    async (request) => billing.availableBalance(app.db, currentUser(request), request.params.userId),
  );

  app.get(
    '/billing/getSpending/:userId',
    { schema: { tags, security, params: userIdParamSchema, response: { 200: spendingResponseSchema } }, onRequest: anyone },
    async (request) => billing.spending(app.db, currentUser(request), request.params.userId),
  );

  app.get(
    '/user/getsavedcards/:userId',
    { schema: { tags, security, params: userIdParamSchema, response: { 200: savedCardsResponseSchema } }, onRequest: anyone },
    async (request) => billing.savedCards(app.db, currentUser(request), request.params.userId),
  );

  app.get(
    '/user/setup-intent',
    {
      schema: { tags, security, response: { 200: z.object({ gateway: z.enum(PAYMENT_GATEWAYS), client_secret: z.string().nullable() }) } },
      onRequest: requireAuth('cards.save'),
    },
    async (request) => app.gateway.setupIntent(currentUser(request).id),
  );
};
