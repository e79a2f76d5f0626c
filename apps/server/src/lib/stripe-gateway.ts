import Stripe from 'stripe';
import { AppError } from './app-error.js';
// Types only: payment-gateway.ts picks this adapter at run time, so no import cycle.
import type { CardDetails, CardRefusal, ChargeLookup, ChargeRequest, PaymentGateway } from './payment-gateway.js';

/**
 * The `stripe` gateway on the official SDK (docs/decisions/0014-card-data-and-secrets.md). Cards
 * reach Stripe from the browser (Stripe.js creates the PaymentMethod); this server only ever sees
 * `pm_…` ids, so a raw card number is refused here. PaymentIntents are confirmed server-side with
 * the caller's idempotency key, so a retried request never charges twice.
 *
 * Customer per agency: Stripe itself is the record (customer `metadata.agency_id`), found with the
 * Search API and created with a deterministic idempotency key. Search is eventually consistent (a
 * new customer shows up within about a minute) but Stripe keeps idempotency keys for at least 24 h,
 * so every instance that misses a fresh customer in search and creates it gets the same customer
 * back. A process-local cache saves the search on later charges.
 */
export interface StripeGatewayOptions {
  secretKey: string;
  /** Only for tests and self-hosted mocks (STRIPE_API_URL); default api.stripe.com over https. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Per-request timeout; a payment holds a database transaction while it waits. */
  timeoutMs?: number;
}

/** A card refused by Stripe: 402 with the reason (the same as `cardError` of the sandbox). */
const cardError = (code: CardRefusal, message?: string) => new AppError(code, message);

/** Stripe's decline and error codes we have a code (and our own message) for. */
const DECLINE_CODES: Record<string, CardRefusal> = {
  card_declined: 'card.declined',
  generic_decline: 'card.declined',
  insufficient_funds: 'card.insufficient_funds',
  expired_card: 'card.expired',
  incorrect_number: 'card.number_invalid',
  invalid_number: 'card.number_invalid',
};

/** Stripe's errors as the domain errors the error handler maps to 402 / 422 / 503. */
function toAppError(err: unknown): unknown {
  if (!(err instanceof Stripe.errors.StripeError)) return err;
  if (err instanceof Stripe.errors.StripeCardError) {
    // The specific reason (insufficient funds) hides in decline_code under code card_declined.
    const code = (err.decline_code && DECLINE_CODES[err.decline_code]) || (err.code && DECLINE_CODES[err.code]);
    // Any other reason is a decline in Stripe's own words.
    return code ? cardError(code) : cardError('card.declined', err.message || undefined);
  }
  if (err instanceof Stripe.errors.StripeInvalidRequestError && err.param?.startsWith('payment_method')) {
    return AppError.field('card.payment_method_unknown', 'paymentMethodId');
  }
  if (err instanceof Stripe.errors.StripeIdempotencyError) {
    return AppError.field('idempotency.key_reused', 'Idempotency-Key');
  }
  // Connection, API, rate-limit, authentication (a bad key) and other request errors: the
  // customer can do nothing about them but retry later.
  const unavailable = new AppError('payment.gateway_unavailable');
  (unavailable as Error).cause = err;
  return unavailable;
}

async function mapErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toAppError(err);
  }
}

function cardOf(method: Stripe.PaymentMethod): CardDetails | null {
  if (!method.card) return null;
  return { last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year, brand: method.card.brand ?? null };
}

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 0,
    timeout: options.timeoutMs ?? 30_000,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
  const customers = new Map<number, Promise<string>>();

  async function findOrCreateCustomer(agencyId: number): Promise<string> {
    const found = await stripe.customers.search({ query: `metadata['agency_id']:'${agencyId}'`, limit: 10 });
    // Should two ever exist (created by hand in the dashboard), the oldest one is the agency's.
    const oldest = [...found.data].sort((a, b) => a.created - b.created)[0];
    if (oldest) return oldest.id;
    const created = await stripe.customers.create(
      { description: `Copydesk agency #${agencyId}`, metadata: { agency_id: String(agencyId) } },
      { idempotencyKey: `copydesk-customer-${agencyId}` },
    );
    return created.id;
  }

  function customerFor(agencyId: number): Promise<string> {
    let customer = customers.get(agencyId);
    if (!customer) {
      customer = findOrCreateCustomer(agencyId);
      customers.set(agencyId, customer);
      customer.catch(() => customers.delete(agencyId));
    }
    return customer;
  }

  function paymentMethodId(intent: Stripe.PaymentIntent): string | null {
    const method = intent.payment_method;
    return typeof method === 'string' ? method : (method?.id ?? null);
  }

  async function paymentMethodCard(paymentIntent: Stripe.PaymentIntent): Promise<CardDetails | null> {
    const method = paymentIntent.payment_method;
    if (!method) return null;
    return cardOf(typeof method === 'string' ? await stripe.paymentMethods.retrieve(method) : method);
  }

  return {
    name: 'stripe',
    // Search indexes a new PaymentIntent within about a minute; give it ten before trusting a miss.
    lookupLagMs: 10 * 60_000,

    async lookup(idempotencyKey): Promise<ChargeLookup> {
      return mapErrors(async () => {
        const found = await stripe.paymentIntents.search({ query: `metadata['copydesk_charge_key']:'${idempotencyKey.replace(/'/g, '')}'`, limit: 10 });
        const intents = found.data;
        const succeeded = intents.find((intent) => intent.status === 'succeeded');
        if (succeeded) {
          const card = await paymentMethodCard(succeeded);
          const saved = succeeded.setup_future_usage === 'off_session' ? paymentMethodId(succeeded) : null;
          return { status: 'captured', result: { chargeRef: succeeded.id, card, savedRef: saved } };
        }
        if (intents.some((intent) => intent.status === 'processing' || intent.status === 'requires_capture')) return { status: 'processing' };
        if (!intents.length) return { status: 'not_found' };
        // Waiting for a payment method, a confirmation or 3-D Secure: nothing was captured; cancel
        // so it never is.
        for (const intent of intents) if (intent.status !== 'canceled') await stripe.paymentIntents.cancel(intent.id).catch(() => undefined);
        return { status: 'failed' };
      });
    },

    async charge({ agencyId, amountCents, description, source, idempotencyKey }: ChargeRequest) {
      // Stripe takes card numbers only from its own browser elements (PCI): never from here.
      if (source.kind === 'new') throw AppError.field('card.raw_number_refused', 'cardNumber');
      return mapErrors(async () => {
        const customer = await customerFor(agencyId);
        const params: Stripe.PaymentIntentCreateParams = {
          amount: amountCents,
          currency: 'usd',
          customer,
          confirm: true,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description,
          // Reconciliation finds the intent by this key when the answer to this call was lost.
          metadata: { agency_id: String(agencyId), copydesk_charge_key: idempotencyKey },
          expand: ['payment_method'],
        };
        if (source.kind === 'saved') {
          params.payment_method = source.gatewayRef;
          params.off_session = true;
        } else {
          params.payment_method = source.paymentMethodId;
          if (source.save) params.setup_future_usage = 'off_session';
        }
        const intent = await stripe.paymentIntents.create(params, { idempotencyKey });
        if (intent.status !== 'succeeded') {
          // 3-D Secure cannot be completed by a server-side confirmation: nothing was captured.
          await stripe.paymentIntents.cancel(intent.id).catch(() => undefined);
          throw cardError('card.authentication_required');
        }
        let card: CardDetails | null = null;
        if (source.kind !== 'saved') {
          // The money is taken: if the card behind it cannot be read, give it back before failing.
          const undo = () =>
            stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: `refund-${intent.id}-${amountCents}` }).catch(() => undefined);
          card = await paymentMethodCard(intent).catch(async (err) => {
            await undo();
            throw err;
          });
          if (!card) {
            await undo();
            throw cardError('card.number_invalid');
          }
        }
        return {
          chargeRef: intent.id,
          card,
          // The PaymentMethod Stripe attached to the customer (a test token like pm_card_visa
          // becomes a new pm_… on use), so later off-session charges find it.
          savedRef: source.kind === 'payment-method' && source.save ? paymentMethodId(intent) : null,
        };
      });
    },

    async refund(chargeRef, amountCents) {
      // The only refund today undoes a charge whose transaction failed, once per charge.
      await mapErrors(() =>
        stripe.refunds.create({ payment_intent: chargeRef, amount: amountCents }, { idempotencyKey: `refund-${chargeRef}-${amountCents}` }),
      );
    },

    async setupIntent(agencyId) {
      return mapErrors(async () => {
        const intent = await stripe.setupIntents.create({ customer: await customerFor(agencyId), usage: 'off_session' });
        return { gateway: 'stripe' as const, client_secret: intent.client_secret };
      });
    },
  };
}
