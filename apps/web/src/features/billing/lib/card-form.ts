import type { z } from 'zod';
import { messages, normaliseCardNumber, type LastBillingAddress } from '@copydesk/shared';

/**
 * The new-card part of the add-balance modal and the payment page: what the fields hold, how
 * typing is filtered, and how the form becomes the card fields of a `paymentInfo` payload. The
 * rules themselves are the shared schemas'.
 */

export const CARD_NUMBER_MAX_DIGITS = 19;
export const CVC_LENGTH = 3;
const EXPIRY_YEARS = 10;

export type Location = {
  country_id: string | null;
  country: string | null;
  state_id: string | null;
  state: string | null;
  city: string | null;
};

export type CardForm = {
  nameOnCard: string;
  /** As shown: digits in groups of four. */
  cardNumber: string;
  month: string | null;
  year: string | null;
  cardCvc: string;
  saveCard: boolean;
  address: string;
  location: Location;
  zipCode: string;
};

export const emptyLocation: Location = { country_id: null, country: null, state_id: null, state: null, city: null };

export const emptyCard: CardForm = {
  nameOnCard: '',
  cardNumber: '',
  month: null,
  year: null,
  cardCvc: '',
  saveCard: false,
  address: '',
  location: emptyLocation,
  zipCode: '',
};

/**
 * A new card's form as it starts: empty, with the name and billing address of the last card
 * payment when the server gives them (GET /user/getsavedcards → billing_address).
 */
export function cardWithBilling(billing: LastBillingAddress | null | undefined): CardForm {
  if (!billing) return emptyCard;
  return {
    ...emptyCard,
    nameOnCard: billing.name ?? '',
    address: billing.address ?? '',
    zipCode: billing.zip_code ?? '',
    location: { country_id: billing.country_id, country: billing.country, state_id: billing.state_id, state: billing.state, city: billing.city },
  };
}

/** Fields a check can mark. */
export type CardField = 'nameOnCard' | 'cardNumber' | 'month' | 'year' | 'cardCvc' | 'address' | 'country' | 'state' | 'city' | 'zipCode';
/** A field's mark: its message (shown under it), or `true` for a red border alone. */
export type Invalid = Partial<Record<string, string | boolean>>;

export const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

export function expiryYears(now = new Date()): string[] {
  const first = now.getFullYear();
  return Array.from({ length: EXPIRY_YEARS + 1 }, (_, i) => String(first + i));
}

/** `4242424242424242` → `4242 4242 4242 4242`. */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * What typing into the card number leaves in the field: digits (at most 19) grouped in fours, or
 * `null` when something other than a digit was typed (the form then clears the field and says so).
 */
export function typedCardNumber(typed: string): string | null {
  if (/[^\d\s]/.test(typed)) return null;
  return groupCardNumber(typed.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS));
}

/** CVC digits (at most 3), or `null` when a non-digit was typed. */
export function typedCvc(typed: string): string | null {
  if (/\D/.test(typed)) return null;
  return typed.slice(0, CVC_LENGTH);
}

/** A saved card as the selects list it. */
export const savedCardLabel = (card: { card_last_digits: string; card_expiry: string }) => `*** *** **** ${card.card_last_digits} | ${card.card_expiry}`;

/** The card and billing-address fields of a payload (`country`, `state`, `city` are names). */
export function cardInfo(card: CardForm) {
  return {
    nameOnCard: card.nameOnCard.trim(),
    cardNumber: normaliseCardNumber(card.cardNumber),
    cardCvc: card.cardCvc,
    month: card.month ?? '',
    year: card.year ?? '',
    saveCard: card.saveCard,
    address: card.address.trim(),
    country: card.location.country ?? '',
    state: card.location.state ?? '',
    city: card.location.city ?? '',
    zipCode: card.zipCode.trim(),
  };
}

/** The one toast for a failed check: 'Please complete the required fields.' when something is missing, else the first rule broken. */
export const refusalMessage = (problems: readonly string[]): string =>
  problems.includes(messages.requiredFields) ? messages.requiredFields : (problems[0] ?? messages.requiredFields);

/**
 * A failed check: every field with an issue gets its first message (shown under it), and the one
 * summary a form may toast besides (see `refusalMessage`).
 */
export function explainIssues(issues: readonly Pick<z.core.$ZodIssue, 'path' | 'message'>[]): { invalid: Invalid; message: string } {
  const invalid: Invalid = {};
  for (const issue of issues) invalid[String(issue.path[0])] ??= issue.message;
  return { invalid, message: refusalMessage(issues.map((issue) => issue.message)) };
}
