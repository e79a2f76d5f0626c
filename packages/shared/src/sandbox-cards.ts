/**
 * The sandbox gateway's test cards (PAYMENT_GATEWAY=sandbox): the gateway decides by these numbers,
 * and the card forms list them in test mode, as payment providers' test modes do. Any other number
 * that passes the Luhn check and has a future expiry is charged successfully.
 */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** What each test card does, in the order the forms list them. */
export const SANDBOX_TEST_CARDS: readonly { number: string; outcome: string }[] = [
  { number: SANDBOX_CARDS.success, outcome: 'Payment succeeds' },
  { number: SANDBOX_CARDS.declined, outcome: 'Card declined' },
  { number: SANDBOX_CARDS.insufficientFunds, outcome: 'Insufficient funds' },
];

/** `4242424242424242` → `4242 4242 4242 4242`. */
export const groupedCardNumber = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');
