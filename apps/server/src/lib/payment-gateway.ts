import { billingMessages, luhnValid, normaliseCardNumber } from '@copydesk/shared';
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

export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(chargeRef: string, amountCents: number): Promise<void>;
  /** What the browser needs to add a card (Stripe SetupIntent client secret; nothing in sandbox). */
  setupIntent(agencyId: number): Promise<{ gateway: 'sandbox' | 'stripe'; client_secret: string | null }>;
}

/** A card refused by the gateway: 402 with the gateway's reason. */
export const cardError = (message: string) => new AppError('PAYMENT_REQUIRED', message);

const SANDBOX_DECLINED = '4000000000000002';
const SANDBOX_INSUFFICIENT = '4000000000009995';

function brandOf(number: string): string | null {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return null;
}

/**
 * The sandbox gateway: Luhn and expiry checks; 4000 0000 0000 0002 is declined, 4000 0000 0000 9995
 * has insufficient funds, any other valid number succeeds. Refused in production by config.
 */
export function createSandboxGateway(now: () => Date = () => new Date()): PaymentGateway {
  return {
    name: 'sandbox',
    async charge({ source }) {
      if (source.kind === 'payment-method') throw cardError(billingMessages.cardInvalid);
      if (source.kind === 'saved') return { chargeRef: `sandbox_ch_${randomToken(12)}`, card: null, savedRef: null };
      const number = normaliseCardNumber(source.card.number);
      if (!luhnValid(number)) throw cardError(billingMessages.cardInvalid);
      const today = now();
      const expired =
        source.card.expYear < today.getUTCFullYear() ||
        (source.card.expYear === today.getUTCFullYear() && source.card.expMonth < today.getUTCMonth() + 1);
      if (expired) throw cardError(billingMessages.cardExpired);
      if (number === SANDBOX_DECLINED) throw cardError(billingMessages.declined);
      if (number === SANDBOX_INSUFFICIENT) throw cardError(billingMessages.insufficientFunds);
      const card = { last4: number.slice(-4), expMonth: source.card.expMonth, expYear: source.card.expYear, brand: brandOf(number) };
      return { chargeRef: `sandbox_ch_${randomToken(12)}`, card, savedRef: source.save ? `sandbox_pm_${randomToken(12)}` : null };
    },
    async refund() {},
    async setupIntent() {
      return { gateway: 'sandbox', client_secret: null };
    },
  };
}

/** The gateway PAYMENT_GATEWAY selects. The Stripe SDK is loaded only in stripe mode. */
export async function createPaymentGateway(config: {
  paymentGateway: 'sandbox' | 'stripe';
  stripeSecretKey?: string;
  stripeApiUrl?: string;
}): Promise<PaymentGateway> {
  if (config.paymentGateway === 'sandbox') return createSandboxGateway();
  // Config refuses stripe without a key; this guards callers that build a config by hand.
  if (!config.stripeSecretKey) throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY');
  const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : null;
  const { createStripeGateway } = await import('./stripe-gateway.js');
  return createStripeGateway({
    secretKey: config.stripeSecretKey,
    ...(api
      ? { host: api.hostname, protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const), port: Number(api.port) || (api.protocol === 'http:' ? 80 : 443) }
      : {}),
  });
}
