import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@copydesk/shared';
import { withIdempotency, type FinishInTransaction } from '../../lib/idempotency.js';
import { route } from '../../lib/route.js';
import { currentUser } from '../../lib/access.js';
import * as billing from './billing.service.js';
import * as payments from './payments.service.js';

/** Runs a money call once per Idempotency-Key and replies with the stored answer on repeats. */
async function once(request: FastifyRequest, reply: FastifyReply, scope: string, run: (key: string, finish: FinishInTransaction) => Promise<unknown>) {
  const key = request.headers['idempotency-key'] as string | undefined;
  const user = currentUser(request);
  const stored = await withIdempotency(
    request.server.db,
    { userId: user.id, scope, key, body: request.body, leaseMs: request.server.config.paymentLeaseMs },
    // A request without a key gets a fresh one for the gateway (card payments): randomUUID draws from a
    // pooled entropy buffer, where randomBytes asks the system on every payment.
    (finish) => run(key ?? randomUUID(), finish),
  );
  return reply.status(stored.status).send(stored.body);
}

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // Public: it only says which card form to draw (a publishable key is public by design).
  route(app, endpoints.getPaymentConfig, {}, async () => ({ gateway: app.config.paymentGateway, publishable_key: app.config.stripePublishableKey }));

  route(app, endpoints.payOrder, {}, async (request, reply) =>
    once(request, reply, 'order.pay', (key, finish) =>
      payments.payOrder(ctx, currentUser(request), { info: request.body.paymentInfo, idempotencyKey: key, finish }),
    ),
  );

  route(app, endpoints.addBalance, {}, async (request, reply) =>
    once(request, reply, 'billing.addBalance', (key, finish) =>
      payments.addBalance(ctx, currentUser(request), { info: request.body.paymentInfo, idempotencyKey: key, finish }),
    ),
  );

  route(app, endpoints.listPayments, {}, async (request) => billing.listPayments(ctx, currentUser(request), request.query));

  route(app, endpoints.getPayment, {}, async (request) => billing.paymentDetail(ctx, currentUser(request), request.params.id));

  route(app, endpoints.getAvailableBalance, {}, async (request) => billing.availableBalance(ctx, currentUser(request), request.params.userId));

  route(app, endpoints.getSpending, {}, async (request) => billing.spending(ctx, currentUser(request), request.params.userId));

  route(app, endpoints.getMonthlySpending, {}, async (request) => billing.monthlySpending(ctx, currentUser(request)));

  route(app, endpoints.listSavedCards, {}, async (request) => billing.savedCards(ctx, currentUser(request), request.params.userId));

  route(app, endpoints.getSetupIntent, {}, async (request) => app.gateway.setupIntent(currentUser(request).id));
};
