import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { isValidLink } from '../brief-text.js';
import { createOrderSchema, orderItemIssues, type OrderItemInput } from './orders.js';

const valid: OrderItemInput = {
  orderType: 'Blog Post',
  wordCount: { word: '500 Words', price: 28 },
  category: 'Technology',
  articleTitle: 'Ten ways to ship faster',
  project_name: 'Acme blog',
  about_company: 'We make rockets',
  target_audience: 'Engineers',
  purpose: 'Informative',
  writing_tone: 'Casual',
  publish_medium: 'Own Website',
};

describe('order item rules', () => {
  it('accepts a complete item', () => {
    expect(orderItemIssues(valid, 1)).toEqual([]);
  });

  it('marks every missing required field with the spec message', () => {
    const issues = orderItemIssues({ orderType: 'Blog Post' }, 1);
    expect(issues.map((i) => i.field).sort()).toEqual(
      ['wordCount', 'category', 'articleTitle', 'project_name', 'about_company', 'target_audience', 'purpose', 'writing_tone', 'publish_medium'].sort(),
    );
    expect(new Set(issues.map((i) => i.message))).toEqual(new Set([messages.highlightedRequired]));
  });

  it('requires publish medium only for the four types', () => {
    for (const type of ['Product Description', 'Blog Post', 'Long Form Article', 'Guest Post'])
      expect(orderItemIssues({ ...valid, orderType: type, publish_medium: '' }, 1).map((i) => i.field)).toEqual(['publish_medium']);
    for (const type of ['Press Release', 'Email Marketing', 'Landing Page', 'Testimonials & Reviews', 'Newsletter', 'Website Content', 'Article'])
      expect(orderItemIssues({ ...valid, orderType: type, publish_medium: '' }, 1)).toEqual([]);
  });

  it('names the field and item number for text over 250 characters', () => {
    const issues = orderItemIssues({ ...valid, project_name: 'x'.repeat(251) }, 3);
    expect(issues).toEqual([{ field: 'project_name', message: 'Project Name: 250 characters allowed on item 3.' }]);
  });

  it('allows at most 3 keywords and checks links', () => {
    expect(orderItemIssues({ ...valid, keyword: 'a;b;c' }, 1)).toEqual([]);
    expect(orderItemIssues({ ...valid, keyword: 'a;b;c;d' }, 1)).toEqual([{ field: 'keyword', message: messages.maxKeywords }]);
    expect(orderItemIssues({ ...valid, website_link: 'not a link' }, 1)).toEqual([{ field: 'website_link', message: messages.websiteLinkInvalid }]);
    expect(orderItemIssues({ ...valid, product_page_link: 'ftp://x.com' }, 1)).toEqual([{ field: 'product_page_link', message: messages.productLinkInvalid }]);
    expect(isValidLink('https://shop.example.com/p/1')).toBe(true);
    expect(isValidLink('http://localhost')).toBe(false);
  });

  it('reports issues under articlesData.<index>.<field> in the create payload', () => {
    const parsed = createOrderSchema.safeParse({ articlesData: [valid, { ...valid, articleTitle: '' }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['articlesData.1.articleTitle', messages.highlightedRequired]]);
  });
});
