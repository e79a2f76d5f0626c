import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from '@mantine/form';
import { gatewayMessages, messages, payOrderInfoSchema, type LastBillingAddress, type PayOrderInfo } from '@copydesk/shared';
import { notify } from '@/lib/notify';
import type { SavedCard } from '../api/get-saved-cards';
import { cardInfo, cardWithBilling, explainIssues, savedCardLabel, type CardForm, type Invalid } from '../lib/card-form';
import { PENDING_PAYMENT_METHOD, stripeCardInfo } from '../lib/stripe-card';
import { useCardEntry } from './use-card-entry';

export type MethodTab = 'wallet' | 'new' | 'saved';

/** The blocker while the card form's mode is still being read: the button waits, nothing is said. */
export const LOADING = 'loading';

/** What the payment page adds to the method: the order, the coupon, the total shown, the terms. */
export type PaymentBase = Pick<PayOrderInfo, 'order_id' | 'coupon_id' | 'coupon_code' | 'total'>;

export type BuiltPayment = {
  info: PayOrderInfo;
  /** How the confirmation names the payment ('Wallet', 'Card ending in 4242'). */
  label: string;
  /**
   * Stripe mode's last step, once every other check passed: the card element's PaymentMethod
   * goes into the payload (null after saying what went wrong).
   */
  complete?: () => Promise<BuiltPayment | null>;
};

type Options = {
  /** Associates pay from the wallet only. */
  walletOnly: boolean;
  savedCards: SavedCard[] | undefined;
  /** The wallet box is off when the balance does not cover the amount due: the wallet never goes below zero (docs/decisions/0002-wallet-ledger.md). */
  walletShort: boolean;
  /**
   * The balance, the amount due and the saved cards have loaded: the method is chosen for the user
   * once, then (the wallet when it covers the order, else the newest saved card, else a new card).
   */
  ready?: boolean;
  /** The billing address of the last card payment: a new card's form starts from it. */
  lastBilling?: LastBillingAddress | null;
};

/**
 * The payment page's choice of method: payment_type is Balance when the
 * wallet is ticked, SavedCard when a saved card is chosen, else NewCard; choosing one clears the
 * others, and the tab follows the choice.
 */
export function usePaymentMethod({ walletOnly, savedCards, walletShort, ready = false, lastBilling }: Options) {
  const [tab, setTabState] = useState<MethodTab>('wallet');
  const [walletTicked, setWalletTicked] = useState(false);
  const [savedCardId, setSavedCardId] = useState<string | null>(null);
  const blankCard = useMemo(() => cardWithBilling(lastBilling), [lastBilling]);
  // The new card on Mantine's form state. Its checks run on Pay (`build`), as they depend on the chosen
  // method and on the card element; errors are messages shown under the fields, keyed by the payload's fields.
  const form = useForm<{ card: CardForm }>({ initialValues: { card: blankCard } });
  const { setFieldValue, setErrors: setInvalid, clearErrors } = form;
  const card = form.values.card;
  const setCard = (next: CardForm) => setFieldValue('card', next);
  const invalid: Invalid = Object.fromEntries(Object.entries(form.errors).map(([field, error]) => [field, typeof error === 'string' ? error : Boolean(error)]));
  /** The card's refusal (402), shown beside the card until the method or the card changes. */
  const [declined, setDeclined] = useState<string | null>(null);
  const entry = useCardEntry(!walletOnly);
  // Whether the method has been chosen, by the user or by the defaults below: defaults apply once.
  const chosen = useRef(false);
  const cardTyped = useRef(false);

  const walletChecked = walletTicked && !walletShort;

  useEffect(() => {
    if (!ready || chosen.current) return;
    chosen.current = true;
    const newest = savedCards?.[0];
    if (!walletShort) {
      setWalletTicked(true);
      setTabState('wallet');
    } else if (!walletOnly && newest) {
      setSavedCardId(String(newest.id));
      setTabState('saved');
    } else if (!walletOnly) {
      setTabState('new');
    }
  }, [ready, walletShort, walletOnly, savedCards]);

  // The last billing address arrives with the saved cards: it fills a form nobody has typed in yet.
  useEffect(() => {
    if (!cardTyped.current) setFieldValue('card', blankCard);
  }, [blankCard, setFieldValue]);

  const setTab = (next: MethodTab) => {
    chosen.current = true;
    setTabState(walletOnly ? 'wallet' : next);
  };

  const tickWallet = (checked: boolean) => {
    chosen.current = true;
    setWalletTicked(checked);
    if (checked) {
      setSavedCardId(null);
      setCard(blankCard);
      cardTyped.current = false;
      setTabState('wallet');
    }
    clearErrors();
    setDeclined(null);
  };

  const chooseSavedCard = (id: string) => {
    chosen.current = true;
    setSavedCardId(id);
    setWalletTicked(false);
    setCard(blankCard);
    cardTyped.current = false;
    setTabState('saved');
    clearErrors();
    setDeclined(null);
  };

  /** Back to typing a card ('Add a new card', or leaving the wallet or saved card from the new-card tab). */
  const switchToNewCard = () => {
    chosen.current = true;
    setSavedCardId(null);
    setWalletTicked(false);
    setTabState('new');
    clearErrors();
    setDeclined(null);
  };

  const editCard = (next: CardForm, touched: string[]) => {
    cardTyped.current = true;
    setCard(next);
    setDeclined(null);
    touched.forEach((field) => form.clearFieldError(field));
  };

  /**
   * Why the chosen method cannot pay (the pay button is off meanwhile), or null when it can. A new
   * card can always try: its fields are checked when Pay is pressed.
   */
  const blocker: string | null = walletChecked
    ? null
    : savedCardId
      ? null
      : tab === 'new' && !walletOnly
        ? entry.mode === 'unavailable'
          ? gatewayMessages.cardFormUnavailable
          : entry.mode === 'loading'
            ? LOADING
            : null
        : tab === 'saved' && !walletOnly
          ? savedCards && savedCards.length === 0
            ? messages.noSavedCards
            : messages.selectSavedCard
          : walletShort
            ? messages.balanceNotEnough
            : messages.selectWallet;

  /**
   * The payment's `paymentInfo`, or null after marking what is missing (each card field's message
   * under it; the page then focuses the first). The terms are the page's to check; the card rules
   * are the shared contract's.
   */
  const build = (base: PaymentBase): BuiltPayment | null => {
    setDeclined(null);
    const type = walletChecked ? 'Balance' : savedCardId ? 'SavedCard' : tab === 'new' && !walletOnly ? 'NewCard' : null;
    if (type === null) {
      if (tab === 'saved') {
        setInvalid({ savedCardid: true });
        notify.info(savedCards && savedCards.length === 0 ? messages.noSavedCards : messages.selectSavedCard);
      } else {
        setInvalid({ wallet: true });
        notify.info(walletShort ? messages.balanceNotEnough : messages.selectWallet);
      }
      return null;
    }
    if (type === 'NewCard' && (entry.mode === 'loading' || entry.mode === 'unavailable')) {
      notify.error(gatewayMessages.cardFormUnavailable);
      return null;
    }
    // Stripe mode: the card element holds number, expiry and CVC; a PaymentMethod id goes instead.
    const viaStripe = type === 'NewCard' && entry.mode === 'stripe';
    const info: PayOrderInfo = {
      ...base,
      payment_type: type,
      ...(type === 'SavedCard' ? { savedCardid: Number(savedCardId) } : {}),
      ...(type === 'NewCard' ? (viaStripe ? stripeCardInfo(card) : cardInfo(card)) : {}),
      termsAccepted: true,
    };
    const parsed = payOrderInfoSchema.safeParse(viaStripe ? { ...info, paymentMethodId: PENDING_PAYMENT_METHOD } : info);
    const elementIssue = viaStripe ? entry.elementIssue() : null;
    if (!parsed.success || elementIssue) {
      const { invalid: marks } = explainIssues([...(elementIssue ? [elementIssue] : []), ...(parsed.success ? [] : parsed.error.issues)]);
      setInvalid(marks);
      return null;
    }
    clearErrors();
    if (viaStripe) {
      return {
        info,
        label: 'Card',
        complete: async () => {
          const created = await entry.createPaymentMethod(card);
          if (!created.ok) {
            setInvalid({ cardNumber: true });
            notify.error(created.message);
            return null;
          }
          const label = created.last4 ? `Card ending in ${created.last4}` : 'Card';
          return { info: { ...info, paymentMethodId: created.id }, label };
        },
      };
    }
    const saved = savedCards?.find((c) => String(c.id) === savedCardId);
    const label =
      type === 'Balance'
        ? 'Wallet'
        : type === 'SavedCard'
          ? saved
            ? `Saved card ${savedCardLabel(saved)}`
            : 'Saved card'
          : `Card ending in ${info.cardNumber!.slice(-4)}`;
    return { info, label };
  };

  return {
    tab,
    setTab,
    walletOnly,
    walletShort,
    walletChecked,
    tickWallet,
    savedCardId,
    chooseSavedCard,
    switchToNewCard,
    card,
    editCard,
    entry,
    invalid,
    build,
    blocker,
    declined,
    /** A 402 from the server: the card was refused; said beside the card. */
    showDecline: setDeclined,
  };
}

export type PaymentMethodState = ReturnType<typeof usePaymentMethod>;
