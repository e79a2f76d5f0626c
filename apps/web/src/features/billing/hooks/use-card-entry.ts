import { useRef } from 'react';
import { gatewayMessages, messages } from '@copydesk/shared';
import { usePaymentConfig } from '../api/get-payment-config';
import type { CardForm } from '../lib/card-form';
import { stripeBillingDetails, type CreatedPaymentMethod, type StripeCardHandle } from '../lib/stripe-card';

/**
 * How a new card is typed, per GET /payment-config: `sandbox` — the original portal's number, month, year and
 * CVC fields; `stripe` — Stripe's card element (loaded only then); `loading` / `unavailable` while
 * the answer is pending or failed, when no card can be taken.
 */
export type CardEntryMode = 'loading' | 'unavailable' | 'sandbox' | 'stripe';

/** A problem with the card element, in the shape of a schema issue (for the same red marks and toast). */
export type CardElementIssue = { path: ['cardNumber']; message: string };

export function useCardEntry(enabled = true) {
  const config = usePaymentConfig(enabled);
  const handle = useRef<StripeCardHandle | null>(null);
  const publishableKey = config.data?.gateway === 'stripe' ? config.data.publishable_key : null;
  const mode: CardEntryMode = config.data
    ? config.data.gateway === 'sandbox'
      ? 'sandbox'
      : publishableKey
        ? 'stripe'
        : 'unavailable'
    : config.isError
      ? 'unavailable'
      : 'loading';

  /** Stripe mode: null when the element holds a complete card, else what to say (empty = required). */
  const elementIssue = (): CardElementIssue | null => {
    const status = handle.current?.status();
    if (!status) return { path: ['cardNumber'], message: gatewayMessages.cardFormUnavailable };
    if (status.complete) return null;
    return { path: ['cardNumber'], message: status.error ?? messages.requiredFields };
  };

  /** Stripe mode: the card element's details as a PaymentMethod, with the form's name and address. */
  const createPaymentMethod = async (card: CardForm): Promise<CreatedPaymentMethod> => {
    if (!handle.current) return { ok: false, message: gatewayMessages.cardFormUnavailable };
    return handle.current.createPaymentMethod(stripeBillingDetails(card));
  };

  return { mode, publishableKey, handle, retry: () => void config.refetch(), elementIssue, createPaymentMethod };
}

export type CardEntry = ReturnType<typeof useCardEntry>;
