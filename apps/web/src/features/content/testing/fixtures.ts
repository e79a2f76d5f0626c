import type { ActivityLogRow, ContentDetail, ContentDocument, FulfilmentRow } from '@copydesk/shared';

/** Content detail, fulfilment rows and activity entries as the API answers them, for the delivery screens' tests. */

export const doc = (version: number, overrides: Partial<ContentDocument> = {}): ContentDocument => ({
  id: 10 + version,
  version,
  word_count: 480 + version * 10,
  created_at: `2026-03-0${version + 2}T09:00:00Z`,
  ...overrides,
});

export function contentDetail(overrides: Partial<ContentDetail> = {}): ContentDetail {
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
    status: 'Pending Review',
    cost: 38,
    itemWordPrice: 28,
    addOn: 'SEO Optimisation',
    addOnPrice: 10,
    category: 'Technology',
    description: 'Stock levels for small shops',
    keywords: 'stock;shops',
    about_company: 'We build city bikes.',
    target_audience: 'Commuters',
    writing_tone: 'Casual',
    purpose: 'Informative',
    publish_medium: 'Own Website',
    which_page: null,
    website_link: 'https://bikes.example.com',
    product_page_link: null,
    preferred_intent: null,
    preferred_perspective: null,
    subject_line: null,
    copy_type: null,
    specification: null,
    cta_suggestions: null,
    use_same_title: 0,
    linkagent_id: 3,
    date: '2026-03-01T10:00:00Z',
    documents: [doc(1), doc(2)],
    revision: [{ reason: 'Grammar', description: 'Fix the second paragraph.', created_at: '2026-03-03T12:00:00Z' }],
    revisions_left: 2,
    due_at: '2026-03-08T17:00:00Z',
    overdue: false,
    order_status: 'IN-PROGRESS',
    fileupload_time: '2026-03-04T09:00:00Z',
    file_path: 'five-habits-v2.docx',
    linkagent: { id: 3, name: 'Grace Admin' },
    auto_approve_at: '2026-03-11T09:00:00Z',
    ...overrides,
  };
}

export function fulfilmentRow(overrides: Partial<FulfilmentRow> = {}): FulfilmentRow {
  return {
    id: 40,
    order_id: 12,
    article_title: 'Five habits',
    order_type: 'Blog Post',
    word_count: '500 Words',
    status: 'Unassigned',
    agency: { id: 31, name: 'Acme Media' },
    linkagent: null,
    paid_at: '2026-03-01T10:00:00Z',
    due_at: '2026-03-08T17:00:00Z',
    overdue: false,
    revisions_left: 3,
    ...overrides,
  };
}

export const activityRow = (overrides: Partial<ActivityLogRow> = {}): ActivityLogRow => ({
  id: 5,
  description: 'Version 2 delivered',
  username: 'Grace Admin',
  created_at: '2026-03-04T09:00:00Z',
  filename: 'five-habits-v2.docx',
  ...overrides,
});

export const AGENTS = [
  { id: 3, name: 'Grace Admin' },
  { id: 9, name: 'Linus Admin' },
];

export const listOf = <T>(data: T[], total = data.length, page = 1, limit = 10) => ({
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
