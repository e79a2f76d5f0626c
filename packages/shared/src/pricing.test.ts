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
