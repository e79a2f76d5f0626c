import { describe, expect, it } from 'vitest';
import { itemCostCents, orderBreakdown, orderTotalCents } from './pricing.js';

const blog = { orderType: 'Blog Post', wordTitle: '500 Words', wordCents: 2800, addon: null, addonCents: 0 };
const blogSeo = { ...blog, addon: 'SEO Optimisation', addonCents: 1000 };

describe('pricing', () => {
  it('prices an item as tier plus add-on and an order as the sum', () => {
    expect(itemCostCents(blogSeo)).toBe(3800);
    expect(orderTotalCents([blog, blogSeo, blog])).toBe(9400);
  });

  it('groups identical items into breakdown lines with counts, in dollars', () => {
    expect(orderBreakdown([blog, blogSeo, blog])).toEqual([
      { itemType: 'Blog Post', itemWord: '500 Words', itemWordPrice: 28, itemCount: 2, itemAddons: null, itemAddonPrice: 0 },
      { itemType: 'Blog Post', itemWord: '500 Words', itemWordPrice: 28, itemCount: 1, itemAddons: 'SEO Optimisation', itemAddonPrice: 10 },
    ]);
  });
});

import { couponDiscountCents } from './pricing.js';

describe('coupon discount', () => {
  it('takes a fixed amount only when it is below the total', () => {
    expect(couponDiscountCents({ type: 'fixed', amount: 10 }, 6600)).toBe(1000);
    expect(couponDiscountCents({ type: 'fixed', amount: 66 }, 6600)).toBeNull();
    expect(couponDiscountCents({ type: 'fixed', amount: 80 }, 6600)).toBeNull();
  });

  it('takes a percentage of the total, rounded to the cent and never more than the total', () => {
    expect(couponDiscountCents({ type: 'percentage', amount: 12.5 }, 6600)).toBe(825);
    expect(couponDiscountCents({ type: 'percentage', amount: 33 }, 999)).toBe(330);
    expect(couponDiscountCents({ type: 'percentage', amount: 100 }, 6600)).toBe(6600);
    expect(couponDiscountCents({ type: 'percentage', amount: 150 }, 6600)).toBe(6600);
  });
});
