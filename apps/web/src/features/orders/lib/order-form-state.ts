import {
  amountToCents,
  createOrderSchema,
  FREE_TEXT_CHOICES,
  MAX_KEYWORDS,
  needsPublishMedium,
  optionalFieldsFor,
  orderBreakdown,
  orderTotalCents,
  publishMediumOptions,
  purposeOptions,
  REQUIRED_ITEM_FIELDS,
  type ContentItem,
  type CreateOrderInput,
  type OrderItemInput,
} from '@copydesk/shared';
import type { FormErrors } from '@mantine/form';
import { schemaErrors } from '@/lib/form';

/**
 * The order form's items and the rules of the order form and of an item's edit as
 * pure functions: what a type change, a word count, an add-on or a clone does to an item. The
 * form's state lives in `useForm` (hooks/use-order-form.ts); the tests check the rules here and on
 * the screen.
 */

/** Free-text fields of an item, named as the create payload names them. */
export const TEXT_FIELDS = [
  'category',
  'articleTitle',
  'description',
  'project_name',
  'about_company',
  'target_audience',
  'writing_tone',
  'purpose',
  'publish_medium',
  'which_page',
  'website_link',
  'product_page_link',
  'preferred_intent',
  'preferred_perspective',
  'subject_line',
  'copy_type',
  'specification',
  'cta_suggestions',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Fields whose presence or choices depend on the order type: a type change clears them. */
const TYPE_DEPENDENT_FIELDS: readonly TextField[] = [
  'purpose',
  'publish_medium',
  'which_page',
  'product_page_link',
  'subject_line',
  'copy_type',
  'cta_suggestions',
];

export type Keywords = [string, string, string];

export type FormItem = {
  /** Stable React key; never sent. */
  key: number;
  orderType: string;
  wordCount: { word: string; price: number } | null;
  /** null = No Add-On. */
  addOns: { addOn: string; price: number } | null;
  keywords: Keywords;
  use_same_title: boolean;
  /** The project name was typed, not picked from a past project. */
  newProject: boolean;
  /** 'Other' / 'I want to Specify' / 'Other online marketplaces' chosen: the field is free text. */
  purpose_other: boolean;
  publish_medium_other: boolean;
  /** The item being re-saved when an unpaid order is edited. */
  contentId: number | null;
  /** Tier + add-on, in cents, for display (the server prices the order itself). */
  contentTotal: number;
} & Record<TextField, string>;

export type Tier = { title: string; price: number };
export type Addon = { value: string; price: number };

export const NO_ADDON = 'No Add-On';
export const isFreeTextChoice = (value: string) => (FREE_TEXT_CHOICES as readonly string[]).includes(value);

let nextKey = 1;
/** A fresh React key for an item. */
const newItemKey = () => nextKey++;
const emptyText = () => Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>;

export function newItem(orderType: string, firstTier?: Tier | null): FormItem {
  return {
    key: newItemKey(),
    orderType,
    wordCount: firstTier ? { word: firstTier.title, price: firstTier.price } : null,
    addOns: null,
    keywords: ['', '', ''],
    use_same_title: false,
    newProject: true,
    purpose_other: false,
    publish_medium_other: false,
    contentId: null,
    contentTotal: amountToCents(firstTier?.price),
    ...emptyText(),
  };
}

export const itemWordCents = (item: FormItem) => amountToCents(item.wordCount?.price);
export const itemAddonCents = (item: FormItem) => amountToCents(item.addOns?.price);

/** Which fields an item of this type shows: the required ones, then its optional ones. */
export function visibleFields(orderType: string): Set<string> {
  const fields = new Set<string>([...REQUIRED_ITEM_FIELDS, ...optionalFieldsFor(orderType)]);
  if (needsPublishMedium(orderType)) fields.add('publish_medium');
  return fields;
}

export function requiredFields(orderType: string): Set<string> {
  const fields = new Set<string>(['orderType', 'wordCount', ...REQUIRED_ITEM_FIELDS]);
  if (needsPublishMedium(orderType)) fields.add('publish_medium');
  return fields;
}

/** Keywords as the payload carries them: `a;b;c`, at most 3. */
export const joinKeywords = (keywords: readonly string[]) =>
  keywords
    .map((k) => k.trim())
    .filter(Boolean)
    .slice(0, MAX_KEYWORDS)
    .join(';');

/** While typing a keyword: ';' separates keywords and '=' is not allowed. */
export const stripKeyword = (value: string) => value.replace(/[;=]/g, '');

/** The item as POST /order/create expects it; fields the type does not show are not sent. */
export function toPayloadItem(item: FormItem): OrderItemInput {
  const shown = visibleFields(item.orderType);
  const text = Object.fromEntries(TEXT_FIELDS.filter((f) => shown.has(f)).map((f) => [f, item[f].trim() === '' ? null : item[f].trim()])) as Partial<
    Record<TextField, string | null>
  >;
  return {
    orderType: item.orderType,
    wordCount: item.wordCount,
    addOns: item.addOns,
    ...text,
    keyword: shown.has('keyword') ? joinKeywords(item.keywords) || null : null,
    use_same_title: item.use_same_title,
    contentId: item.contentId,
  };
}

/** The form's path of an item's field: `items.2.category`. */
export const itemPath = (index: number, field: string) => `items.${index}.${field}`;

/**
 * The create contract's problems with the items, keyed by the form's paths (`articlesData.2.x` →
 * `items.2.x`), in the contract's order: items in turn, each in the order of the original portal's checks.
 */
export function orderErrors(items: FormItem[]): FormErrors {
  const errors = schemaErrors(createOrderSchema, buildCreatePayload(items, null));
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^articlesData\./, 'items.'), message]));
}

export function orderTotal(items: FormItem[]): number {
  return orderTotalCents(items.map((i) => ({ wordCents: itemWordCents(i), addonCents: itemAddonCents(i) })));
}

export function buildCreatePayload(items: FormItem[], updateId: number | null): CreateOrderInput {
  const priced = items
    .filter((i) => i.wordCount)
    .map((i) => ({
      orderType: i.orderType,
      wordTitle: i.wordCount!.word,
      wordCents: itemWordCents(i),
      addon: i.addOns?.addOn ?? null,
      addonCents: itemAddonCents(i),
    }));
  return {
    articlesData: items.map(toPayloadItem),
    total: orderTotal(items) / 100,
    orderBreakDown: orderBreakdown(priced),
    updateId,
  };
}

/** An item of an unpaid order, back into the form (re-order or edit). */
export function fromContent(content: ContentItem): FormItem {
  const item = newItem(content.order_type, { title: content.word_count, price: content.itemWordPrice });
  const text = Object.fromEntries(
    TEXT_FIELDS.map((f) => {
      const key = f === 'articleTitle' ? 'article_title' : f;
      const value = (content as unknown as Record<string, unknown>)[key];
      return [f, typeof value === 'string' ? value : ''];
    }),
  ) as Record<TextField, string>;
  const keywords = (content.keywords ?? '')
    .split(';')
    .map((k) => k.trim())
    .filter(Boolean);
  const addOns = content.addOn && content.addOn !== NO_ADDON ? { addOn: content.addOn, price: content.addOnPrice } : null;
  return {
    ...item,
    ...text,
    addOns,
    keywords: [keywords[0] ?? '', keywords[1] ?? '', keywords[2] ?? ''],
    use_same_title: content.use_same_title === 1,
    newProject: false,
    purpose_other: Boolean(text.purpose) && !purposeOptions(content.order_type).includes(text.purpose),
    publish_medium_other: Boolean(text.publish_medium) && !publishMediumOptions(content.order_type).includes(text.publish_medium),
    contentId: content.id,
    contentTotal: amountToCents(content.cost),
  };
}

/** Item indices that have a field in error, from the form's errors. */
export function itemsWithErrors(errors: FormErrors): Set<number> {
  const indices = Object.keys(errors).map((key) => /^items\.(\d+)\./.exec(key)?.[1]);
  return new Set(indices.filter((i) => i !== undefined).map(Number));
}

/* What each change does to an item: the new item, and the fields whose marks it clears. */

export type ItemChange = { item: FormItem; touched: string[] };

export function withProjectName(item: FormItem, value: string): ItemChange {
  // A typed name is a new project; picking a past one (withProject) sets the same value again.
  return { item: { ...item, project_name: value, newProject: value !== item.project_name ? true : item.newProject }, touched: ['project_name'] };
}

export function withKeyword(item: FormItem, slot: number, value: string): ItemChange {
  const keywords = [...item.keywords] as Keywords;
  keywords[slot] = stripKeyword(value);
  return { item: { ...item, keywords }, touched: ['keyword'] };
}

export type PastProjectDetails = { project_name: string; about_company: string | null; target_audience: string | null; category: string | null };

export function withProject(item: FormItem, project: PastProjectDetails): ItemChange {
  return {
    item: {
      ...item,
      project_name: project.project_name,
      about_company: project.about_company ?? '',
      target_audience: project.target_audience ?? '',
      category: project.category ?? item.category,
      newProject: false,
    },
    touched: ['project_name', 'about_company', 'target_audience', 'category'],
  };
}

/** Purpose or publish medium as free text (after 'Other' etc.) or back to the list; either way empty. */
export function withFreeText(item: FormItem, field: 'purpose' | 'publish_medium', on: boolean): ItemChange {
  return { item: { ...item, [field]: '', [`${field}_other`]: on }, touched: [field] };
}

export function withType(item: FormItem, orderType: string): ItemChange {
  if (item.orderType === orderType) return { item, touched: [] };
  const cleared = Object.fromEntries(TYPE_DEPENDENT_FIELDS.map((f) => [f, '']));
  return {
    item: { ...item, ...cleared, orderType, wordCount: null, addOns: null, contentTotal: 0, purpose_other: false, publish_medium_other: false },
    touched: ['orderType', ...TYPE_DEPENDENT_FIELDS],
  };
}

/** A new word count drops the add-on (its price depends on the tier). */
export function withWordCount(item: FormItem, tier: Tier | null): ItemChange {
  return {
    item: { ...item, wordCount: tier ? { word: tier.title, price: tier.price } : null, addOns: null, contentTotal: amountToCents(tier?.price) },
    touched: ['wordCount'],
  };
}

export function withAddon(item: FormItem, addon: Addon | null): ItemChange {
  const addOns = addon && addon.value !== NO_ADDON ? { addOn: addon.value, price: addon.price } : null;
  return { item: { ...item, addOns, contentTotal: itemWordCents(item) + amountToCents(addOns?.price) }, touched: [] };
}

/** A copy of an item as a new one: without its keywords, add-on and saved content. */
export function cloneItem(source: FormItem): FormItem {
  return { ...source, key: newItemKey(), keywords: ['', '', ''], addOns: null, contentId: null, contentTotal: itemWordCents(source) };
}
