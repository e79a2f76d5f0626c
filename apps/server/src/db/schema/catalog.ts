import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents } from './money.js';

/** Order types (spec "Product"): priced by word-count tier plus an optional add-on. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The text View Sample shows. */
    sample: text('sample').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_name_key').on(t.name)],
);

export const productWordCounts = pgTable(
  'product_word_counts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** e.g. `500 Words`; orders refer to a tier by this title. */
    title: text('title').notNull(),
    words: integer('words').notNull(),
    priceCents: cents('price_cents').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_word_counts_title_key').on(t.productId, t.title),
    index('product_word_counts_product_idx').on(t.productId, t.sortOrder),
    check('product_word_counts_price_check', sql`${t.priceCents} >= 0`),
    check('product_word_counts_words_check', sql`${t.words} > 0`),
  ],
);

export const productAddons = pgTable(
  'product_addons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    priceCents: cents('price_cents').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('product_addons_value_key').on(t.productId, t.value), check('product_addons_price_check', sql`${t.priceCents} >= 0`)],
);

/** Industries an item is written for. */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_name_key').on(t.name)],
);

/**
 * One row whose version statement triggers on the catalogue tables bump: the in-process price book
 * (catalog.repository.ts loadPriceBook) is read again only when it moved.
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: integer('id').primaryKey().default(1),
    version: integer('version').notNull().default(0),
  },
  (t) => [check('catalog_version_single_row', sql`${t.id} = 1`)],
);
