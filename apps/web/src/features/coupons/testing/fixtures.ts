import type { Coupon } from '@copydesk/shared';
import type { AgencyOption } from '@/lib/agencies';
import type { CouponHistoryRow } from '../api/get-coupon-history';

/** Test data for the coupon screens. */

export const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  id: 1,
  coupon_code: 'SPRING10',
  type: 'fixed',
  amount: 5,
  user_id: '',
  expiry: '2099-12-31',
  limit: 10,
  used: 2,
  status: 1,
  created_at: '2026-02-03T10:00:00Z',
  ...overrides,
});

export const AGENCIES: AgencyOption[] = [
  { id: 31, name: 'Alex Agency', email: 'alex@acme.test', company_name: 'Acme Media', status: 1 },
  { id: 32, name: 'Bea Boss', email: 'bea@beta.test', company_name: 'Beta Words', status: 1 },
  { id: 33, name: 'Cy Solo', email: 'cy@solo.test', company_name: null, status: 0 },
];

export const historyRow = (overrides: Partial<CouponHistoryRow> = {}): CouponHistoryRow => ({
  id: 9,
  coupon_code: 'SPRING10',
  user_name: 'Alex Agency',
  order_id: 77,
  discount: 5,
  created_at: '2026-02-10T15:30:00Z',
  refunded_at: null,
  ...overrides,
});

/** `{data, meta}` as the server pages it. */
export const pageOf = <T>(data: T[], total = data.length, page = 1, limit = 5) => ({
  data,
  meta: {
    from: total ? (page - 1) * limit + 1 : null,
    to: total ? Math.min(total, page * limit) : null,
    total,
    last_page: Math.max(1, Math.ceil(total / limit)),
    current_page: page,
    per_page: limit,
  },
});
