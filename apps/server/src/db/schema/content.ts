import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderItems } from './orders.js';
import { users } from './users.js';

/** Bytes: node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/** A delivered file version of an item; the bytes live in the file store (docs/decisions/0019-file-storage.md). */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    wordCount: integer('word_count').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /**
     * The sanitised reading view, rendered once at upload: the preview answer's body (`{"html": …}`)
     * compressed with brotli (migration 0021, docs/decisions/0030-documents-in-worker-processes.md).
     */
    previewBr: bytea('preview_br'),
    /** The view as plain HTML, kept only by documents delivered before 0021 until their first read compresses it. */
    previewHtml: text('preview_html'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documents_item_version_key').on(t.itemId, t.version),
    check('documents_version_check', sql`${t.version} >= 1`),
    check('documents_preview_check', sql`${t.previewBr} is not null or ${t.previewHtml} is not null`),
  ],
);

/** A revision request of the agency side (docs/decisions/0004-item-state-machine.md). */
export const revisions = pgTable(
  'revisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('revisions_item_idx').on(t.itemId, t.id)],
);

/**
 * Every change of an item, with who made it (null = the system, e.g. automatic approval) and,
 * for deliveries, the file of that change.
 */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    fileKey: text('file_key'),
    filename: text('filename'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_logs_item_idx').on(t.itemId, t.id)],
);

/**
 * Live paid items per agency and status, kept by statement triggers on `order_items`, so the
 * fulfilment queue's totals are read, not counted: as fast with 100,000 items as with 1,000.
 */
export const fulfilmentStats = pgTable(
  'fulfilment_stats',
  {
    agencyId: integer('agency_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    items: integer('items').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.status] })],
);

export type DocumentRow = typeof documents.$inferSelect;
export type ActivityLogRow = typeof activityLogs.$inferSelect;
