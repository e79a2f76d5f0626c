import { useState } from 'react';
import { couponDiscountCents, messages } from '@copydesk/shared';
import { errorMessages } from '@/lib/server-errors';
import { useApplyCoupon, type Coupon } from '../api/apply-coupon';

/**
 * The coupon box (docs/decisions/0009-coupons.md): a coupon is applied locally after the server says it
 * may be used, and removed again; the discount is the shared rule's, the server recomputes it.
 */
export function useCoupon(subtotalCents: number) {
  // A refused code is said under the coupon field, not in a toast.
  const request = useApplyCoupon({ meta: { errorToast: false } });
  const [code, setCodeState] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState<Coupon | null>(null);

  const discount = applied ? couponDiscountCents(applied, subtotalCents) : null;
  const discountCents = discount ?? 0;

  const setCode = (value: string) => {
    setCodeState(value);
    setError(null);
  };

  const apply = () => {
    const wanted = code.trim();
    if (!wanted) return setError(messages.fieldRequired);
    if (applied) return setError(messages.couponAlreadyApplied);
    if (request.isPending) return;
    request.mutate(wanted, {
      onSuccess: (coupon) => {
        if (couponDiscountCents(coupon, subtotalCents) === null) return setError(messages.couponAboveTotal);
        setApplied(coupon);
        setError(null);
      },
      onError: (err) => setError(errorMessages(err)[0]!),
    });
  };

  const remove = () => {
    setApplied(null);
    setCodeState('');
    setError(null);
  };

  return {
    code,
    setCode,
    error,
    setError,
    applied,
    applying: request.isPending,
    apply,
    remove,
    subtotalCents,
    discountCents,
    dueCents: subtotalCents - discountCents,
  };
}

export type CouponState = ReturnType<typeof useCoupon>;
