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
