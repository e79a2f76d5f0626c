import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of the Stripe API the `stripe` gateway calls, for tests (the SDK
 * takes host, port and protocol). It answers with the JSON shapes Stripe documents, keeps the
 * objects it created, records every request with its Idempotency-Key, replays the first response
 * for a repeated key (as Stripe does, with `Idempotent-Replayed: true`) and knows Stripe's test
 * PaymentMethods: `pm_card_visa`, `pm_card_mastercard`, `pm_card_chargeDeclined`,
 * `pm_card_chargeDeclinedInsufficientFunds`, `pm_card_chargeDeclinedExpiredCard`,
 * `pm_card_chargeDeclinedIncorrectCvc` and `pm_card_authenticationRequired`.
 */

type Json = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Json;
  idempotencyKey: string | null;
  authorization: string | null;
}

interface TestCard {
  brand: string;
  last4: string;
  decline?: { code: string; decline_code?: string; message: string };
  requiresAction?: boolean;
}

const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', decline: { code: 'expired_card', message: 'Your card has expired.' } },
  pm_card_chargeDeclinedIncorrectCvc: { brand: 'visa', last4: '0127', decline: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." } },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', requiresAction: true },
};

export const STUB_CARD_EXPIRY = { month: 12, year: new Date().getUTCFullYear() + 3 };

/** `a[b][0]=x` form fields (how the SDK encodes) as nested objects; arrays become index-keyed objects. */
function parseForm(text: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);
const listOf = (value: unknown) => (value && typeof value === 'object' ? Object.values(value as Json).map(String) : []);

class StripeStubError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}
const invalidRequest = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeStubError(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });

export interface StripeStub {
  url: string;
  host: string;
  port: number;
  requests: RecordedRequest[];
  customers: Map<string, Json>;
  paymentMethods: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  refunds: Map<string, Json>;
  setupIntents: Map<string, Json>;
  /** Requests to a path, e.g. `stub.calls('POST', '/v1/payment_intents')`. */
  calls(method: string, path: string): RecordedRequest[];
  /** The next request answers this error instead (Stripe's `{error: {...}}` body). */
  failNext(status: number, error: Json): void;
  /** Simulates Search's indexing lag: customers created from now on stay invisible to search. */
  setSearchLag(lagging: boolean): void;
  close(): Promise<void>;
}

export async function startStripeStub(): Promise<StripeStub> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  const unsearchable = new Set<string>();
  let searchLag = false;
  let injected: { status: number; error: Json } | null = null;

  function paymentMethodFor(ref: string, customer: string | null): { method: Json; card: TestCard } {
    const card = TEST_CARDS[ref];
    if (card) {
      // A test token makes a fresh PaymentMethod on every use, as on Stripe.
      const method: Json = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        created: now(),
        customer: null,
        livemode: false,
        metadata: {},
        billing_details: { address: null, email: null, name: null, phone: null },
        card: { brand: card.brand, last4: card.last4, exp_month: STUB_CARD_EXPIRY.month, exp_year: STUB_CARD_EXPIRY.year, funding: 'credit', country: 'US' },
      };
      paymentMethods.set(method.id as string, method);
      return { method, card };
    }
    const method = paymentMethods.get(ref);
    if (!method) throw invalidRequest(`No such PaymentMethod: '${ref}'`, 'payment_method', 'resource_missing');
    if (method.customer && method.customer !== customer) {
      throw invalidRequest(`The provided PaymentMethod belongs to another customer.`, 'payment_method');
    }
    const details = method.card as { brand: string; last4: string };
    const known = Object.values(TEST_CARDS).find((c) => c.last4 === details.last4) ?? { brand: details.brand, last4: details.last4 };
    return { method, card: known };
  }

  function createPaymentIntent(body: Json): Json {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 50) throw invalidRequest('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
    if (body.currency !== 'usd') throw invalidRequest('Invalid currency', 'currency');
    const customer = body.customer ? String(body.customer) : null;
    if (customer && !customers.has(customer)) throw invalidRequest(`No such customer: '${customer}'`, 'customer', 'resource_missing');
    if (!body.payment_method) throw invalidRequest('Missing required param: payment_method.', 'payment_method', 'parameter_missing');
    const automatic = body.automatic_payment_methods as Json | undefined;
    if (body.confirm === 'true' && automatic?.enabled === 'true' && automatic.allow_redirects !== 'never' && !body.return_url) {
      throw invalidRequest(
        'A return_url must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed.',
      );
    }
    const offSession = body.off_session === 'true';
    const { method, card } = paymentMethodFor(String(body.payment_method), customer);
    if (offSession && method.customer !== customer)
      throw invalidRequest('An off-session payment needs a PaymentMethod attached to the customer.', 'payment_method');

    const intent: Json = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: 'usd',
      customer,
      description: body.description ?? null,
      metadata: body.metadata ?? {},
      created: now(),
      livemode: false,
      payment_method: method.id,
      setup_future_usage: body.setup_future_usage ?? null,
      client_secret: null,
      latest_charge: null,
      status: 'requires_confirmation',
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
    paymentIntents.set(intent.id as string, intent);

    if (body.confirm === 'true') {
      if (card.decline) {
        intent.status = 'requires_payment_method';
        throw new StripeStubError(402, {
          type: 'card_error',
          ...card.decline,
          param: card.decline.code === 'incorrect_cvc' ? 'cvc' : undefined,
          charge: id('ch'),
          payment_intent: { ...intent },
          doc_url: `https://stripe.com/docs/error-codes/${card.decline.code}`,
        });
      }
      if (card.requiresAction) {
        if (offSession) {
          throw new StripeStubError(402, {
            type: 'card_error',
            code: 'authentication_required',
            decline_code: 'authentication_required',
            message: 'Your card was declined. This transaction requires authentication.',
          });
        }
        intent.status = 'requires_action';
        intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      } else {
        intent.status = 'succeeded';
        intent.amount_received = amount;
        intent.latest_charge = id('ch');
        if (body.setup_future_usage && customer) method.customer = customer;
      }
    }
    return intent;
  }

  function expand(object: Json, body: Json): Json {
    const paths = listOf(body.expand);
    if (paths.includes('payment_method') && typeof object.payment_method === 'string') {
      return { ...object, payment_method: paymentMethods.get(object.payment_method) ?? object.payment_method };
    }
    return object;
  }

  function handle(method: string, path: string, query: Record<string, string>, body: Json): Json {
    if (method === 'GET' && path === '/v1/customers/search') {
      const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.query ?? '');
      if (!match) throw invalidRequest('Invalid search query', 'query');
      const [, key, value] = match;
      const data = [...customers.values()].filter((c) => !unsearchable.has(c.id as string) && (c.metadata as Json)[key!] === value);
      return { object: 'search_result', data: data.slice(0, Number(query.limit ?? 10)), has_more: false, next_page: null, url: '/v1/customers/search' };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Json = {
        id: id('cus'),
        object: 'customer',
        created: now(),
        description: body.description ?? null,
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        livemode: false,
      };
      customers.set(customer.id as string, customer);
      if (searchLag) unsearchable.add(customer.id as string);
      return customer;
    }
    if (method === 'POST' && path === '/v1/payment_intents') return expand(createPaymentIntent(body), body);
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.query ?? '');
      if (!match) throw invalidRequest('Invalid search query', 'query');
      const [, key, value] = match;
      const data = [...paymentIntents.values()].filter((p) => ((p.metadata as Json | undefined) ?? {})[key!] === value);
      return { object: 'search_result', data: data.slice(0, Number(query.limit ?? 10)), has_more: false, next_page: null, url: '/v1/payment_intents/search' };
    }
    let m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && m) {
      const intent = paymentIntents.get(m[1]!);
      if (!intent) throw invalidRequest(`No such payment_intent: '${m[1]}'`, 'intent', 'resource_missing');
      if (intent.status === 'succeeded') throw invalidRequest('This PaymentIntent has already succeeded.', undefined, 'payment_intent_unexpected_state');
      intent.status = 'canceled';
      return intent;
    }
    m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const found = paymentMethods.get(m[1]!);
      if (!found) throw invalidRequest(`No such PaymentMethod: '${m[1]}'`, 'payment_method', 'resource_missing');
      return found;
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = paymentIntents.get(String(body.payment_intent));
      if (!intent) throw invalidRequest(`No such payment_intent: '${body.payment_intent}'`, 'payment_intent', 'resource_missing');
      if (intent.status !== 'succeeded')
        throw invalidRequest('This PaymentIntent has no successful charge to refund.', 'payment_intent', 'charge_not_refundable');
      const refunded = [...refunds.values()].filter((r) => r.payment_intent === intent.id).reduce((s, r) => s + Number(r.amount), 0);
      const amount = body.amount === undefined ? Number(intent.amount) - refunded : Number(body.amount);
      if (amount <= 0 || amount + refunded > Number(intent.amount))
        throw invalidRequest('Refund amount is greater than the unrefunded amount.', 'amount', 'amount_too_large');
      const refund: Json = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: 'usd',
        payment_intent: intent.id,
        charge: intent.latest_charge,
        status: 'succeeded',
        created: now(),
      };
      refunds.set(refund.id as string, refund);
      return refund;
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const customer = body.customer ? String(body.customer) : null;
      if (customer && !customers.has(customer)) throw invalidRequest(`No such customer: '${customer}'`, 'customer', 'resource_missing');
      const intent: Json = {
        id: id('seti'),
        object: 'setup_intent',
        customer,
        usage: body.usage ?? 'off_session',
        status: 'requires_payment_method',
        payment_method: null,
        created: now(),
        livemode: false,
      };
      intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
      setupIntents.set(intent.id as string, intent);
      return intent;
    }
    throw new StripeStubError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const body = parseForm(Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      const authorization = req.headers.authorization ?? null;
      const method = req.method ?? 'GET';
      requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, idempotencyKey, authorization });

      const send = (status: number, payload: Json, replayed = false) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': id('req'),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        });
        res.end(JSON.stringify(payload));
      };

      if (!authorization || !/^Bearer sk_(test|live)_\S+$/.test(authorization)) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      }
      const fingerprint = JSON.stringify([method, url.pathname, body]);
      const cacheKey = idempotencyKey && method === 'POST' ? `${authorization} ${idempotencyKey}` : null;
      if (cacheKey) {
        const first = idempotent.get(cacheKey);
        if (first) {
          if (first.fingerprint !== fingerprint) {
            return send(400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            });
          }
          return send(first.status, first.body, true);
        }
      }
      let status = 200;
      let payload: Json;
      if (injected) {
        ({ status } = injected);
        payload = { error: injected.error };
        injected = null;
      } else {
        try {
          payload = handle(method, url.pathname, Object.fromEntries(url.searchParams), body);
        } catch (err) {
          if (!(err instanceof StripeStubError)) throw err;
          status = err.status;
          payload = { error: err.body };
        }
      }
      // Stripe keeps the first result of a key, errors included, except its own 5xx.
      if (cacheKey && status < 500) idempotent.set(cacheKey, { fingerprint, status, body: payload });
      send(status, payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    requests,
    customers,
    paymentMethods,
    paymentIntents,
    refunds,
    setupIntents,
    calls: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    failNext(status, error) {
      injected = { status, error };
    },
    setSearchLag(lagging) {
      searchLag = lagging;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
