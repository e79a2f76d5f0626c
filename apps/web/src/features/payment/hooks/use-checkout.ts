import { useRef, useState } from 'react';
import { centsToDollars, type PayOrderInfo } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { focusFirstInvalid } from '@/lib/focus-invalid';
import { notify } from '@/lib/notify';
import { formFieldErrors } from '@/lib/server-errors';
import { usePayOrder } from '../api/pay-order';
import type { CouponState } from './use-coupon';

/** What the payment page knows when the method is asked for its payload. */
export type PaymentBase = Pick<PayOrderInfo, 'order_id' | 'coupon_id' | 'coupon_code' | 'total'>;

/**
 * The chosen method's payload and how to name it, or null after it said what is missing. A card
 * taken by Stripe's card element finishes with `complete` (its PaymentMethod), after the terms check.
 */
type BuiltPayment = { info: PayOrderInfo; label: string; complete?: () => Promise<BuiltPayment | null> };
export type BuildPayment = (base: PaymentBase) => BuiltPayment | null;

export type Confirmation = {
  orderId: number;
  paymentId: number;
  amountCents: number;
  discountCents: number;
  couponCode: string | null;
  paymentType: string;
  date: Date;
};

type Options = {
  orderId: number;
  coupon: CouponState;
  buildPayment: BuildPayment;
  onPaid?: () => void;
  /** The gateway refused the card (402): the page says so beside the card, and there only. */
  onDeclined: (message: string) => void;
  /** The payment form (method and terms): a refused Pay focuses its first invalid field. */
  formRoot?: () => ParentNode | null;
};

/** Pay: method check, terms check, POST /order/pay, then the confirmation (docs/decisions/0005-card-payments-in-three-steps.md). */
export function useCheckout({ orderId, coupon, buildPayment, onPaid, onDeclined, formRoot }: Options) {
  // A decline and a coupon problem are shown beside the card and under the coupon: reported below.
  const pay = usePayOrder({ meta: { errorToast: false } });
  const [terms, setTermsState] = useState(false);
  const [termsInvalid, setTermsInvalid] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [preparing, setPreparing] = useState(false);
  // State updates land after the await: a second press meanwhile must not start another payment.
  const busy = useRef(false);

  const setTerms = (checked: boolean) => {
    setTermsState(checked);
    if (checked) setTermsInvalid(false);
  };

  const submit = async () => {
    if (pay.isPending || busy.current || confirmation) return;
    let built = buildPayment({
      order_id: orderId,
      coupon_id: coupon.applied?.id ?? null,
      coupon_code: coupon.applied?.coupon_code ?? null,
      total: centsToDollars(coupon.dueCents),
    });
    // Every problem at once: the method's fields and the terms, each under itself; the first takes focus.
    if (!terms) setTermsInvalid(true);
    if (!built || !terms) {
      void focusFirstInvalid(formRoot ?? document);
      return;
    }
    if (built.complete) {
      busy.current = true;
      setPreparing(true);
      try {
        built = await built.complete();
      } finally {
        busy.current = false;
        setPreparing(false);
      }
      if (!built) return;
    }
    const { info, label } = built;
    const paid = { amountCents: coupon.dueCents, discountCents: coupon.discountCents, couponCode: coupon.applied?.coupon_code ?? null };
    pay.mutate(
      { ...info, termsAccepted: true },
      {
        onSuccess: (res) => {
          setConfirmation({ orderId, paymentId: res.payment_id, paymentType: label, date: new Date(), ...paid });
          notify.success(res.offer_message || res.message);
          onPaid?.();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 402) return onDeclined(error.firstMessage);
          // The coupon's problem goes under its field; the rest (or the whole failure) is a toast.
          const couponError = formFieldErrors(error, ['coupon'], { prefix: 'paymentInfo' }).coupon;
          if (couponError) coupon.setError(couponError);
        },
      },
    );
  };

  return { terms, setTerms, termsInvalid, submit: () => void submit(), paying: pay.isPending || preparing, confirmation };
}

export type CheckoutState = ReturnType<typeof useCheckout>;
