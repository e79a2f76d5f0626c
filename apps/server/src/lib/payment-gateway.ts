import { luhnValid, normaliseCardNumber, SANDBOX_CARDS, type ErrorCode, type FixedMessageCode } from '@copydesk/shared';
import { AppError } from './app-error.js';
import { randomToken } from './tokens.js';

/**
 * Cards are charged through a gateway chosen by PAYMENT_GATEWAY: `sandbox` (built in, offline,
 * deterministic test cards) or `stripe`. Neither keeps a card number or CVC anywhere: a saved card
 * is the gateway's reference plus last 4 digits and expiry.
 */
export interface NewCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

export type CardSource =
  | { kind: 'new'; card: NewCard; save: boolean }
  /** Stripe mode: a PaymentMethod the browser created with Stripe.js. */
  | { kind: 'payment-method'; paymentMethodId: string; save: boolean }
  | { kind: 'saved'; gatewayRef: string };

export interface ChargeRequest {
  agencyId: number;
  amountCents: number;
  description: string;
  source: CardSource;
  idempotencyKey: string;
}

export interface CardDetails {
  last4: string;
  expMonth: number;
  expYear: number;
  brand: string | null;
}

export interface ChargeResult {
  /** The gateway's charge reference (kept on the payment). */
  chargeRef: string;
  /** The card charged; null for a saved card, whose details the saved-card row already holds. */
  card: CardDetails | null;
  /** Present when the card was saved for later. */
  savedRef: string | null;
}

/** What the gateway knows of a charge made under an idempotency key. */
export type ChargeLookup =
  | { status: 'captured'; result: ChargeResult }
  /** Still being decided by the card network: ask again later. */
  | { status: 'processing' }
  /** Attempted and refused or cancelled: no money was taken. */
  | { status: 'failed' }
  | { status: 'not_found' };

export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe';
  /** Charges once per idempotency key: a repeat with the same key returns the first outcome. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Refunds a charge; repeating it for the same charge and amount refunds once. */
  refund(chargeRef: string, amountCents: number): Promise<void>;
  /** Reconciliation: what became of the charge made (or not) under this idempotency key. */
  lookup(idempotencyKey: string): Promise<ChargeLookup>;
  /**
   * How long after a charge was attempted a `not_found` lookup is final. The sandbox's record is
   * written before it answers (0); Stripe's search index lags behind by up to about a minute.
   */
  readonly lookupLagMs: number;
  /** What the browser needs to add a card (Stripe SetupIntent client secret; nothing in sandbox). */
  setupIntent(agencyId: number): Promise<{ gateway: 'sandbox' | 'stripe'; client_secret: string | null }>;
}

/** Why a gateway refused a card: the 402 codes of the error table (packages/shared/src/error-codes.ts). */
export type CardRefusal = Extract<ErrorCode, `card.${string}`> & FixedMessageCode;

/** A card refused by the gateway: 402 with the gateway's reason (its own words when it gave ones we have no code for). */
export const cardError = (code: CardRefusal, message?: string) => new AppError(code, message);

const SANDBOX_DECLINED = SANDBOX_CARDS.declined;
const SANDBOX_INSUFFICIENT = SANDBOX_CARDS.insufficientFunds;

function brandOf(number: string): string | null {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return null;
}

/** A charge the sandbox took, as its record keeps it. */
export interface SandboxCharge {
  idempotencyKey: string;
  chargeRef: string;
  agencyId: number;
  amountCents: number;
  card: CardDetails | null;
  savedRef: string | null;
}

/**
 * The sandbox's books, standing in for a card processor's: the portal keeps them in the database
 * (so they outlive a crash of the portal, as a real processor's would); tests may keep them in memory.
 */
export interface SandboxLedger {
  find(idempotencyKey: string): Promise<SandboxCharge | null>;
  /** Records a charge; if one exists under the key already, returns that one instead. */
  record(charge: SandboxCharge): Promise<SandboxCharge>;
  refund(chargeRef: string, amountCents: number): Promise<void>;
}

export function memorySandboxLedger(): SandboxLedger & { charges: Map<string, SandboxCharge & { refundedCents: number }> } {
  const charges = new Map<string, SandboxCharge & { refundedCents: number }>();
  return {
    charges,
    async find(key) {
      return charges.get(key) ?? null;
    },
    async record(charge) {
      const existing = charges.get(charge.idempotencyKey);
      if (existing) return existing;
      charges.set(charge.idempotencyKey, { ...charge, refundedCents: 0 });
      return charge;
    },
    async refund(chargeRef, amountCents) {
      for (const charge of charges.values()) if (charge.chargeRef === chargeRef) charge.refundedCents = Math.max(charge.refundedCents, amountCents);
    },
  };
}

const resultOf = (charge: SandboxCharge): ChargeResult => ({ chargeRef: charge.chargeRef, card: charge.card, savedRef: charge.savedRef });

/**
 * The sandbox gateway: Luhn and expiry checks; 4000 0000 0000 0002 is declined, 4000 0000 0000 9995
 * has insufficient funds, any other valid number succeeds. Each charge is recorded under its
 * idempotency key before the answer, so a repeat returns the first charge and reconciliation can
 * ask what happened. Refused in production by config.
 */
export function createSandboxGateway(ledger: SandboxLedger = memorySandboxLedger(), now: () => Date = () => new Date()): PaymentGateway {
  const take = async (request: ChargeRequest, card: CardDetails | null, savedRef: string | null) =>
    resultOf(
      await ledger.record({
        idempotencyKey: request.idempotencyKey,
        chargeRef: `sandbox_ch_${randomToken(12)}`,
        agencyId: request.agencyId,
        amountCents: request.amountCents,
        card,
        savedRef,
      }),
    );
  return {
    name: 'sandbox',
    lookupLagMs: 0,
    async charge(request) {
      const { source } = request;
      const earlier = await ledger.find(request.idempotencyKey);
      if (earlier) return resultOf(earlier);
      if (source.kind === 'payment-method') throw cardError('card.number_invalid');
      if (source.kind === 'saved') return take(request, null, null);
      const number = normaliseCardNumber(source.card.number);
      if (!luhnValid(number)) throw cardError('card.number_invalid');
      const today = now();
      const expired =
        source.card.expYear < today.getUTCFullYear() || (source.card.expYear === today.getUTCFullYear() && source.card.expMonth < today.getUTCMonth() + 1);
      if (expired) throw cardError('card.expired');
      if (number === SANDBOX_DECLINED) throw cardError('card.declined');
      if (number === SANDBOX_INSUFFICIENT) throw cardError('card.insufficient_funds');
      const card = { last4: number.slice(-4), expMonth: source.card.expMonth, expYear: source.card.expYear, brand: brandOf(number) };
      return take(request, card, source.save ? `sandbox_pm_${randomToken(12)}` : null);
    },
    async refund(chargeRef, amountCents) {
      await ledger.refund(chargeRef, amountCents);
    },
    async lookup(idempotencyKey) {
      const charge = await ledger.find(idempotencyKey);
      return charge ? { status: 'captured', result: resultOf(charge) } : { status: 'not_found' };
    },
    async setupIntent() {
      return { gateway: 'sandbox', client_secret: null };
    },
  };
}

/** The gateway PAYMENT_GATEWAY selects. The Stripe SDK is loaded only in stripe mode. */
export async function createPaymentGateway(
  config: {
    paymentGateway: 'sandbox' | 'stripe';
    stripeSecretKey?: string;
    stripeApiUrl?: string;
  },
  sandboxLedger?: SandboxLedger,
): Promise<PaymentGateway> {
  if (config.paymentGateway === 'sandbox') return createSandboxGateway(sandboxLedger);
  // Config refuses stripe without a key; this guards callers that build a config by hand.
  if (!config.stripeSecretKey) throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY');
  const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : null;
  const { createStripeGateway } = await import('./stripe-gateway.js');
  return createStripeGateway({
    secretKey: config.stripeSecretKey,
    ...(api
      ? {
          host: api.hostname,
          protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
          port: Number(api.port) || (api.protocol === 'http:' ? 80 : 443),
        }
      : {}),
  });
}
