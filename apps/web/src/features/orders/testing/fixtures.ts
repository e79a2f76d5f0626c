import type { ContentItem, OrderRow, ProductDetail, ProductSummary } from '@copydesk/shared';
import { json, route, type FetchCall } from '@/test/utils';

/** Catalogue, projects and orders as the API answers them, for the order screens' tests. */

type Tier = [words: number, price: number];

function product(id: number, name: string, startingPrice: number, tiers: Tier[], addons: [string, number][]): ProductDetail {
  return {
    id,
    name,
    description: `${name} written for you.`,
    sample: `A ${name.toLowerCase()} sample text.`,
    starting_price: startingPrice,
    productwordcount: tiers.map(([words, price], i) => ({ id: id * 10 + i, product_id: id, title: `${words} Words`, words, price })),
    productAddon: [['No Add-On', 0] as [string, number], ...addons].map(([value, price], i) => ({ id: id * 10 + i, value, price })),
  };
}

export const PRODUCTS: ProductDetail[] = [
  product(
    1,
    'Article',
    25,
    [
      [500, 25],
      [1000, 50],
    ],
    [['SEO Optimisation', 10]],
  ),
  product(
    2,
    'Blog Post',
    18,
    [
      [300, 18],
      [500, 28],
    ],
    [
      ['SEO Optimisation', 10],
      ['Stock Images (3)', 8],
    ],
  ),
  product(4, 'Product Description', 9, [[100, 9]], []),
  product(7, 'Email Marketing', 15, [[200, 15]], []),
];

export const summaries = (): ProductSummary[] => PRODUCTS.map(({ productwordcount: _w, productAddon: _a, ...summary }) => summary);

export const CATEGORIES = ['Technology', 'Health', 'Finance'];

export const PROJECTS = [
  { project_name: 'Spring launch', about_company: 'We build city bikes.', target_audience: 'Commuters', categories: [{ name: 'Health' }] },
];

/** Answers the catalogue and project calls; anything else falls through (undefined). */
export function catalogApi(call: FetchCall): Response | undefined {
  switch (route(call)) {
    case 'GET /api/miscellaneous/getProducts':
      return json(200, { data: summaries() });
    case 'GET /api/product': {
      const name = new URL(call.url, 'http://test.local').searchParams.get('name');
      const found = PRODUCTS.find((p) => p.name === name);
      return found ? json(200, { data: found }) : json(404, { message: 'Not found.' });
    }
    case 'GET /api/miscellaneous/getCategories':
      return json(200, { data: CATEGORIES.map((name, i) => ({ id: i + 1, name })) });
    case 'GET /api/getItemsByUser':
      return json(200, { data: PROJECTS });
  }
  return undefined;
}

export function orderRow(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: 12,
    order_date: '2024-03-01',
    no_of_content: 2,
    order_by: 'Ada Lovelace',
    user_id: 7,
    total: 46,
    status: 'UNPAID',
    unpaid: true,
    payment_id: null,
    created_at: '2024-03-01T10:00:00Z',
    ...overrides,
  };
}

export function contentItem(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: 40,
    content_id: 40,
    order_id: 12,
    title: 'Five habits',
    article_title: 'Five habits',
    project_name: 'Spring launch',
    order_type: 'Blog Post',
    content_type: 'Blog Post',
    word_count: '500 Words',
    requested_word_count: 500,
    status: 'Unpaid',
    cost: 38,
    itemWordPrice: 28,
    addOn: 'SEO Optimisation',
    addOnPrice: 10,
    category: 'Technology',
    description: 'Stock levels',
    keywords: 'stock;shops',
    about_company: 'We build city bikes.',
    target_audience: 'Commuters',
    writing_tone: 'Casual',
    purpose: 'Informative',
    publish_medium: 'Own Website',
    which_page: null,
    website_link: null,
    product_page_link: null,
    preferred_intent: null,
    preferred_perspective: null,
    subject_line: null,
    copy_type: null,
    specification: null,
    cta_suggestions: null,
    use_same_title: 0,
    linkagent_id: null,
    date: '2024-03-01T10:00:00Z',
    ...overrides,
  };
}

export const pageMeta = (total: number, page = 1, limit = 30, nextCursor: string | null = null) => ({
  from: total ? (page - 1) * limit + 1 : null,
  to: total ? Math.min(total, page * limit) : null,
  total,
  last_page: Math.max(1, Math.ceil(total / limit)),
  current_page: page,
  per_page: limit,
  next_cursor: nextCursor,
});
