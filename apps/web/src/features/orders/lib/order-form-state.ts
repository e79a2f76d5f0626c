import {
  dollarsToCents,
  FREE_TEXT_CHOICES,
  MAX_KEYWORDS,
  needsPublishMedium,
  optionalFieldsFor,
  orderBreakdown,
  orderItemIssues,
  orderTotalCents,
  publishMediumOptions,
  purposeOptions,
  REQUIRED_ITEM_FIELDS,
  type ContentItem,
  type CreateOrderInput,
  type ItemIssue,
  type OrderItemInput,
} from '@copydesk/shared';

/**
 * The order form's items and the rules of orders-and-payment §4 ("Order form", "Item edit") as
 * pure functions: what a type change, a word count, an add-on, a clone or a removal does to the
 * rows. The screen only dispatches; the tests check the rules here and on the screen.
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
  /** false after a failed check: the item gets a red bottom border. */
  validationStatus: boolean;
  /** Fields to mark (red top border) until they are changed. */
  invalid: string[];
} & Record<TextField, string>;

export type Tier = { title: string; price: number };
export type Addon = { value: string; price: number };

export const NO_ADDON = 'No Add-On';
export const isFreeTextChoice = (value: string) => (FREE_TEXT_CHOICES as readonly string[]).includes(value);

let nextKey = 1;
/** A fresh React key for an item (made outside the reducer, which stays pure). */
export const newItemKey = () => nextKey++;
const emptyText = () => Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>;
const cents = (dollars: number | null | undefined) => (dollars == null ? 0 : (dollarsToCents(dollars) ?? 0));

export function newItem(orderType: string, firstTier?: Tier | null): FormItem {
  return {
    key: nextKey++,
    orderType,
    wordCount: firstTier ? { word: firstTier.title, price: firstTier.price } : null,
    addOns: null,
    keywords: ['', '', ''],
    use_same_title: false,
    newProject: true,
    purpose_other: false,
    publish_medium_other: false,
    contentId: null,
    contentTotal: cents(firstTier?.price),
    validationStatus: true,
    invalid: [],
    ...emptyText(),
  };
}

export const itemWordCents = (item: FormItem) => cents(item.wordCount?.price);
export const itemAddonCents = (item: FormItem) => cents(item.addOns?.price);

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

/** While typing a keyword: ';' separates keywords and '=' is not allowed (spec §5). */
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

/** Checks every item with the shared rules; returns the issues by item index. */
export function validateItems(items: FormItem[]): Map<number, ItemIssue[]> {
  const found = new Map<number, ItemIssue[]>();
  items.forEach((item, i) => {
    const issues = orderItemIssues(toPayloadItem(item), i + 1);
    if (issues.length) found.set(i, issues);
  });
  return found;
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
    contentTotal: cents(content.cost),
  };
}

/* The reducer of the form. */

export type OrderFormState = { items: FormItem[]; dirty: boolean };

export type OrderFormAction =
  | { type: 'start'; orderType: string; firstTier: Tier | null }
  | { type: 'load'; items: FormItem[] }
  | { type: 'reset' }
  | { type: 'setField'; index: number; field: TextField; value: string }
  | { type: 'setKeyword'; index: number; slot: number; value: string }
  | { type: 'setUseSameTitle'; index: number; value: boolean }
  | {
      type: 'fillProject';
      index: number;
      project: { project_name: string; about_company: string | null; target_audience: string | null; category: string | null };
    }
  | { type: 'setFreeText'; index: number; field: 'purpose' | 'publish_medium'; on: boolean }
  | { type: 'changeType'; index: number; orderType: string }
  | { type: 'changeWordCount'; index: number; tier: Tier | null }
  | { type: 'changeAddon'; index: number; addon: Addon | null }
  | { type: 'add'; item: FormItem }
  | { type: 'clone'; index: number; key: number }
  | { type: 'remove'; index: number }
  | { type: 'markIssues'; issues: Map<number, string[]> };

export const initialOrderForm: OrderFormState = { items: [], dirty: false };

/** Clears the marks of fields the user just changed; an item with none left is valid again. */
function touched(item: FormItem, fields: string[]): FormItem {
  if (!item.invalid.some((f) => fields.includes(f))) return item;
  const invalid = item.invalid.filter((f) => !fields.includes(f));
  return { ...item, invalid, validationStatus: invalid.length === 0 ? true : item.validationStatus };
}

function update(state: OrderFormState, index: number, change: (item: FormItem) => FormItem): OrderFormState {
  const current = state.items[index];
  if (!current) return state;
  const items = state.items.slice();
  items[index] = change(current);
  return { items, dirty: true };
}

export function orderFormReducer(state: OrderFormState, action: OrderFormAction): OrderFormState {
  switch (action.type) {
    case 'start':
      return { items: [newItem(action.orderType, action.firstTier)], dirty: false };
    case 'load':
      return { items: action.items, dirty: false };
    case 'reset':
      return initialOrderForm;
    case 'setField':
      return update(state, action.index, (item) => {
        const next = { ...item, [action.field]: action.value };
        // A typed name is a new project; picking a past one (fillProject) sets the same value again.
        if (action.field === 'project_name' && action.value !== item.project_name) next.newProject = true;
        return touched(next, [action.field]);
      });
    case 'setKeyword':
      return update(state, action.index, (item) => {
        const keywords = [...item.keywords] as Keywords;
        keywords[action.slot] = stripKeyword(action.value);
        return touched({ ...item, keywords }, ['keyword']);
      });
    case 'setUseSameTitle':
      return update(state, action.index, (item) => ({ ...item, use_same_title: action.value }));
    case 'fillProject':
      return update(state, action.index, (item) => {
        const { project } = action;
        const next: FormItem = {
          ...item,
          project_name: project.project_name,
          about_company: project.about_company ?? '',
          target_audience: project.target_audience ?? '',
          category: project.category ?? item.category,
          newProject: false,
        };
        return touched(next, ['project_name', 'about_company', 'target_audience', 'category']);
      });
    case 'setFreeText':
      return update(state, action.index, (item) => touched({ ...item, [action.field]: '', [`${action.field}_other`]: action.on }, [action.field]));
    case 'changeType':
      return update(state, action.index, (item) => {
        if (item.orderType === action.orderType) return item;
        const cleared = Object.fromEntries(TYPE_DEPENDENT_FIELDS.map((f) => [f, '']));
        return touched(
          {
            ...item,
            ...cleared,
            orderType: action.orderType,
            wordCount: null,
            addOns: null,
            contentTotal: 0,
            purpose_other: false,
            publish_medium_other: false,
          },
          ['orderType', ...TYPE_DEPENDENT_FIELDS],
        );
      });
    case 'changeWordCount':
      return update(state, action.index, (item) =>
        touched(
          {
            ...item,
            wordCount: action.tier ? { word: action.tier.title, price: action.tier.price } : null,
            addOns: null,
            contentTotal: cents(action.tier?.price),
          },
          ['wordCount'],
        ),
      );
    case 'changeAddon':
      return update(state, action.index, (item) => {
        const addOns = action.addon && action.addon.value !== NO_ADDON ? { addOn: action.addon.value, price: action.addon.price } : null;
        return { ...item, addOns, contentTotal: itemWordCents(item) + cents(addOns?.price) };
      });
    case 'add':
      return { items: [...state.items, action.item], dirty: true };
    case 'clone': {
      const source = state.items[action.index];
      if (!source) return state;
      const copy: FormItem = {
        ...source,
        key: action.key,
        keywords: ['', '', ''],
        addOns: null,
        contentId: null,
        contentTotal: itemWordCents(source),
      };
      const items = state.items.slice();
      items.splice(action.index + 1, 0, copy);
      return { items, dirty: true };
    }
    case 'remove':
      if (action.index <= 0 || action.index >= state.items.length) return state;
      return { items: state.items.filter((_, i) => i !== action.index), dirty: true };
    case 'markIssues':
      return {
        ...state,
        items: state.items.map((item, i) => {
          const fields = action.issues.get(i);
          return fields?.length ? { ...item, invalid: fields, validationStatus: false } : { ...item, invalid: [], validationStatus: true };
        }),
      };
  }
}
