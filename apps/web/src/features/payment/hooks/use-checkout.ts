import { useState } from 'react';
import { centsToDollars, messages, type PayOrderInfo } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { usePayOrder } from '../api/pay-order';
import type { CouponState } from './use-coupon';

/** What the payment page knows when the method is asked for its payload. */
export type PaymentBase = Pick<PayOrderInfo, 'order_id' | 'coupon_id' | 'coupon_code' | 'total'>;

/** The chosen method's payload and how to name it, or null after it said what is missing. */
export type BuildPayment = (base: PaymentBase) => { info: PayOrderInfo; label: string } | null;

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
};

/** Pay: method check, terms check, POST /order/pay, then the confirmation (orders-and-payment §4, §8). */
export function useCheckout({ orderId, coupon, buildPayment, onPaid }: Options) {
  const pay = usePayOrder();
  const [terms, setTermsState] = useState(false);
  const [termsInvalid, setTermsInvalid] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const setTerms = (checked: boolean) => {
    setTermsState(checked);
    if (checked) setTermsInvalid(false);
  };

  const submit = () => {
    if (pay.isPending || confirmation) return;
    const built = buildPayment({
      order_id: orderId,
      coupon_id: coupon.applied?.id ?? null,
      coupon_code: coupon.applied?.coupon_code ?? null,
      total: centsToDollars(coupon.dueCents),
    });
    if (!built) return;
    if (!terms) {
      setTermsInvalid(true);
      notify.info(messages.acceptTerms);
      return;
    }
    const paid = { amountCents: coupon.dueCents, discountCents: coupon.discountCents, couponCode: coupon.applied?.coupon_code ?? null };
    pay.mutate(
      { ...built.info, termsAccepted: true },
      {
        onSuccess: (res) => {
          setConfirmation({ orderId, paymentId: res.payment_id, paymentType: built.label, date: new Date(), ...paid });
          notify.success(res.offer_message || res.message);
          onPaid?.();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return notify.error(messages.serverError);
          const couponError = error.fieldErrors('paymentInfo').coupon;
          if (couponError) coupon.setError(couponError);
          notify.error(error.firstMessage);
        },
      },
    );
  };

  return { terms, setTerms, termsInvalid, submit, paying: pay.isPending, confirmation };
}

export type CheckoutState = ReturnType<typeof useCheckout>;
