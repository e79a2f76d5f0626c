import { centsToDollars } from './money.js';
import type { OrderBreakdownLine } from './schemas/orders.js';

/** Prices of one item as the catalogue sets them, in cents. */
export interface PricedItem {
  orderType: string;
  wordTitle: string;
  wordCents: number;
  addon: string | null;
  addonCents: number;
}

export const itemCostCents = (item: Pick<PricedItem, 'wordCents' | 'addonCents'>) => item.wordCents + item.addonCents;

export const orderTotalCents = (items: Pick<PricedItem, 'wordCents' | 'addonCents'>[]) => items.reduce((sum, i) => sum + itemCostCents(i), 0);

/** Lines of the order summary: one per type, word count and add-on, with a count. */
export function orderBreakdown(items: PricedItem[]): OrderBreakdownLine[] {
  const lines = new Map<string, OrderBreakdownLine>();
  for (const item of items) {
    const key = JSON.stringify([item.orderType, item.wordTitle, item.addon, item.wordCents, item.addonCents]);
    const line = lines.get(key);
    if (line) line.itemCount += 1;
    else
      lines.set(key, {
        itemType: item.orderType,
        itemWord: item.wordTitle,
        itemWordPrice: centsToDollars(item.wordCents),
        itemCount: 1,
        itemAddons: item.addon,
        itemAddonPrice: centsToDollars(item.addonCents),
      });
  }
  return [...lines.values()];
}

/** A coupon as the apply call returns it: fixed amounts in dollars, percentages in percent. */
export interface AppliedCoupon {
  type: 'fixed' | 'percentage';
  amount: number;
}

/**
 * The discount a coupon gives on a subtotal (docs/decisions/0009-coupons.md): a fixed coupon must be below
 * the total; a percentage takes total × amount / 100, rounded to the cent; the total never goes
 * below 0. Returns null when a fixed coupon is not below the total.
 */
export function couponDiscountCents(coupon: AppliedCoupon, subtotalCents: number): number | null {
  if (coupon.type === 'fixed') {
    const cents = Math.round(coupon.amount * 100);
    return cents < subtotalCents ? cents : null;
  }
  const pct = Math.min(100, Math.max(0, coupon.amount));
  return Math.min(subtotalCents, Math.round((subtotalCents * pct) / 100));
}
