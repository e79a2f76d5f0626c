import { useNavigate } from 'react-router';
import { messages, type UpdateCouponInput } from '@copydesk/shared';
import { notify } from '@/lib/notify';
import { useCreateCoupon } from '../api/create-coupon';
import { useUpdateCoupon } from '../api/update-coupon';
import type { CouponFormValues, CouponPayload } from '../lib/coupon-form';

/**
 * Saves the coupon form: POST on add, PATCH (with status) on edit; then the success toast and back
 * to the list. A failure is thrown back to the form, which shows field errors under their fields.
 */
export function useSaveCoupon(couponId?: number) {
  const navigate = useNavigate();
  // The form shows the failures under its fields: no central toast.
  const create = useCreateCoupon({ meta: { errorToast: false } });
  const update = useUpdateCoupon({ meta: { errorToast: false } });

  const save = async (payload: CouponPayload, values: CouponFormValues) => {
    if (couponId === undefined) {
      await create.mutateAsync(payload);
      notify.success(messages.couponCreated);
    } else {
      const body: UpdateCouponInput = { ...payload, status: Number(values.status) as 0 | 1 };
      await update.mutateAsync({ id: couponId, body });
      notify.success(messages.couponUpdated);
    }
    await navigate('/coupon');
  };

  return { save, saving: create.isPending || update.isPending };
}
