import type { CardForm } from './card-form';

/**
 * Stripe mode's card entry (docs/decisions/0014-card-data-and-secrets.md), without importing Stripe: the card number, expiry and CVC
 * are typed into Stripe's card element, which turns them into a PaymentMethod in the browser; the
 * payload carries its `pm_…` id and the rest of the form as usual. Only
 * `components/stripe-card-element.tsx` imports the Stripe packages, and only in stripe mode.
 */

export type StripeBillingDetails = {
  name: string;
  address: { line1: string; city: string; state: string; postal_code: string };
};

export type CardElementStatus = { complete: boolean; empty: boolean; error: string | null };

export type CreatedPaymentMethod = { ok: true; id: string; last4: string | null } | { ok: false; message: string };

/** What the mounted card element offers the form that submits it. */
export interface StripeCardHandle {
  status(): CardElementStatus;
  createPaymentMethod(details: StripeBillingDetails): Promise<CreatedPaymentMethod>;
}

/**
 * Stands in for the PaymentMethod while the rest of the form is checked with the shared schema
 * (which then needs no card number); the real id replaces it before anything is sent.
 */
export const PENDING_PAYMENT_METHOD = 'pm_pending';

/** The name and billing address Stripe keeps with the PaymentMethod (the country goes by name here, so it is left out). */
export function stripeBillingDetails(card: CardForm): StripeBillingDetails {
  return {
    name: card.nameOnCard.trim(),
    address: {
      line1: card.address.trim(),
      city: card.location.city ?? '',
      state: card.location.state ?? '',
      postal_code: card.zipCode.trim(),
    },
  };
}

/** The fields of a new card a payload carries in stripe mode: everything but number, expiry and CVC. */
export function stripeCardInfo(card: CardForm) {
  return {
    nameOnCard: card.nameOnCard.trim(),
    saveCard: card.saveCard,
    address: card.address.trim(),
    country: card.location.country ?? '',
    state: card.location.state ?? '',
    city: card.location.city ?? '',
    zipCode: card.zipCode.trim(),
  };
}
