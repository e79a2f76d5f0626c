import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { messageNotifications, messageReads, messageThreads, orders, threadMessages, users, type MessageThreadRow } from '../../db/schema/index.js';

/** Drizzle queries of the support inbox. Every function takes a database or a transaction. */

const authors = alias(users, 'author');
const agencies = alias(users, 'agency');

/** Who is reading: a tenant (`agencyId`) or an admin (null), and which side's messages are "the other side". */
export interface InboxReader {
  userId: number;
  agencyId: number | null;
}

export type Side = 'customer' | 'admin';

const inScope = (agencyId: number | null): SQL | undefined => (agencyId === null ? undefined : eq(messageThreads.agencyId, agencyId));

/** The time of the other side's latest message: admins read customers, customers read admins. */
const otherSideAt = (reader: InboxReader) => (reader.agencyId === null ? messageThreads.lastCustomerMessageAt : messageThreads.lastAdminMessageAt);

/** True when the other side wrote after the reader last read the thread (never read = everything is new). */
const unreadExpr = (reader: InboxReader) => sql<boolean>`coalesce(${otherSideAt(reader)} > coalesce(${messageReads.readAt}, '-infinity'::timestamptz), false)`;

const readerJoin = (reader: InboxReader) => and(eq(messageReads.threadId, messageThreads.id), eq(messageReads.userId, reader.userId));

/** The agency as customers and admins name it: its company, else its contact's name. */
const agencyName = sql<string>`coalesce(${agencies.companyName}, ${agencies.name})`;

/** The next message time of a thread: now, but always after the thread's previous message. */
const nextMessageAt = sql`greatest(now(), ${messageThreads.lastMessageAt} + interval '1 microsecond')`;

/** A thread's latest message time, read in SQL: a JavaScript Date would drop its microseconds. */
const threadClock = (threadId: number) => sql`(select ${messageThreads.lastMessageAt} from ${messageThreads} where ${messageThreads.id} = ${threadId})`;

export interface Recipient {
  id: number;
  name: string;
  email: string;
}

/** An admin hears of a thread at most once per this window, then in one digest (docs/decisions/0029-imports-in-chunks-and-message-digests.md). */
export const DIGEST_WINDOW_MINUTES = 10;
const windowLength = sql`make_interval(mins => ${DIGEST_WINDOW_MINUTES})`;

export const messagesRepository = {
  /** A live order, within the tenant when `agencyId` is given. */
  async findOrder(db: DbOrTx, id: number, agencyId: number | null) {
    const [row] = await db
      .select({ id: orders.id, agencyId: orders.agencyId })
      .from(orders)
      .where(and(eq(orders.id, id), isNull(orders.deletedAt), agencyId === null ? undefined : eq(orders.agencyId, agencyId)))
      .limit(1);
    return row ?? null;
  },

  async insertThread(
    db: DbOrTx,
    values: { agencyId: number; authorId: number; orderId: number | null; subject: string; side: Side },
  ): Promise<MessageThreadRow> {
    const [row] = await db
      .insert(messageThreads)
      .values({
        agencyId: values.agencyId,
        authorId: values.authorId,
        orderId: values.orderId,
        subject: values.subject,
        lastCustomerMessageAt: values.side === 'customer' ? sql`now()` : null,
        lastAdminMessageAt: values.side === 'admin' ? sql`now()` : null,
      })
      .returning();
    return row!;
  },

  /**
   * Moves a thread's clocks for a new message of `side` and returns the thread, or null when it is
   * not in scope. The update locks the row, so messages of one thread get strictly increasing
   * times: a reader who saw the thread at time T has seen every message up to T.
   */
  async touchThread(db: DbOrTx, id: number, agencyId: number | null, side: Side): Promise<MessageThreadRow | null> {
    const [row] = await db
      .update(messageThreads)
      .set(
        side === 'customer'
          ? { lastMessageAt: nextMessageAt, lastCustomerMessageAt: nextMessageAt }
          : { lastMessageAt: nextMessageAt, lastAdminMessageAt: nextMessageAt },
      )
      .where(and(eq(messageThreads.id, id), inScope(agencyId)))
      .returning();
    return row ?? null;
  },

  /** A message of the thread, timed at the thread's latest message time (set just before in the same transaction). */
  async insertMessage(db: DbOrTx, values: { threadId: number; authorId: number; body: string }) {
    const [row] = await db
      .insert(threadMessages)
      .values({ ...values, createdAt: threadClock(values.threadId) })
      .returning({ id: threadMessages.id });
    return row!.id;
  },

  /**
   * The reader has seen the thread up to `upTo` (the exact `last_message_at` text it was shown), or
   * up to its latest message. A read mark never moves back.
   */
  async markRead(db: DbOrTx, threadId: number, userId: number, upTo?: string) {
    await db
      .insert(messageReads)
      .values({ threadId, userId, readAt: upTo === undefined ? threadClock(threadId) : sql`${upTo}::timestamptz` })
      .onConflictDoUpdate({
        target: [messageReads.threadId, messageReads.userId],
        set: { readAt: sql`greatest(${messageReads.readAt}, excluded.read_at)` },
      });
  },

  /** One page of threads in scope, newest activity first, with the reader's unread flag. */
  async list(db: DbOrTx, reader: InboxReader, page: { limit: number; offset: number }) {
    const where = inScope(reader.agencyId);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          thread: messageThreads,
          author: { id: authors.id, name: authors.name },
          agency: { id: agencies.id, name: agencyName },
          unread: unreadExpr(reader),
        })
        .from(messageThreads)
        .innerJoin(authors, eq(authors.id, messageThreads.authorId))
        .innerJoin(agencies, eq(agencies.id, messageThreads.agencyId))
        .leftJoin(messageReads, readerJoin(reader))
        .where(where)
        .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(messageThreads).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** Threads in scope with a message from the other side newer than the reader's last read. */
  async unreadCount(db: DbOrTx, reader: InboxReader): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(messageThreads)
      .leftJoin(messageReads, readerJoin(reader))
      .where(and(inScope(reader.agencyId), sql`${otherSideAt(reader)} > coalesce(${messageReads.readAt}, '-infinity'::timestamptz)`));
    return Number(row?.n ?? 0);
  },

  /** A thread in scope with its author and agency. */
  async findThread(db: DbOrTx, id: number, agencyId: number | null) {
    const [row] = await db
      .select({
        thread: messageThreads,
        /** Exact, for the read mark. */
        lastMessageAtText: sql<string>`${messageThreads.lastMessageAt}::text`,
        author: { id: authors.id, name: authors.name, role: authors.role },
        agency: { id: agencies.id, name: agencyName },
      })
      .from(messageThreads)
      .innerJoin(authors, eq(authors.id, messageThreads.authorId))
      .innerJoin(agencies, eq(agencies.id, messageThreads.agencyId))
      .where(and(eq(messageThreads.id, id), inScope(agencyId)))
      .limit(1);
    return row ?? null;
  },

  /** A thread's messages, oldest first. */
  async messagesOf(db: DbOrTx, threadId: number) {
    return db
      .select({
        id: threadMessages.id,
        body: threadMessages.body,
        createdAt: threadMessages.createdAt,
        author: { id: users.id, name: users.name, role: users.role },
      })
      .from(threadMessages)
      .innerJoin(users, eq(users.id, threadMessages.authorId))
      .where(eq(threadMessages.threadId, threadId))
      .orderBy(asc(threadMessages.createdAt), asc(threadMessages.id));
  },

  /** Active users of a role who have written in the thread. */
  async activeWriters(db: DbOrTx, threadId: number, roles: ('admin' | 'agency' | 'associate')[]): Promise<Recipient[]> {
    return db
      .selectDistinct({ id: users.id, name: users.name, email: users.email })
      .from(threadMessages)
      .innerJoin(users, eq(users.id, threadMessages.authorId))
      .where(and(eq(threadMessages.threadId, threadId), inArray(users.role, roles), eq(users.status, 1)))
      .orderBy(asc(users.id));
  },

  async activeAdmins(db: DbOrTx): Promise<Recipient[]> {
    return db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 1)))
      .orderBy(asc(users.id));
  },

  /** The user if active and, for a customer, its agency active too (nobody else can read the inbox). */
  async activeCustomer(db: DbOrTx, id: number): Promise<Recipient | null> {
    const [row] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .leftJoin(agencies, eq(agencies.id, users.agencyId))
      .where(and(eq(users.id, id), eq(users.status, 1), sql`(${users.role} <> 'associate' or ${agencies.status} = 1)`))
      .limit(1);
    return row ?? null;
  },

  /**
   * Locks (creating it) what a recipient has been told of a thread. Every message to that recipient
   * waits for this lock, on any instance, so two never both start a digest. `quiet`: the window
   * is over, a new message may be emailed at once.
   */
  async lockNotification(db: DbOrTx, threadId: number, userId: number) {
    await db
      .insert(messageNotifications)
      .values({ threadId, userId, windowEndsAt: new Date(0) })
      .onConflictDoNothing();
    const [row] = await db
      .select({
        quiet: sql<boolean>`${messageNotifications.windowEndsAt} <= now()`,
        windowEndsAt: messageNotifications.windowEndsAt,
        digestEmailId: messageNotifications.digestEmailId,
        digestFromMessageId: messageNotifications.digestFromMessageId,
      })
      .from(messageNotifications)
      .where(and(eq(messageNotifications.threadId, threadId), eq(messageNotifications.userId, userId)))
      .for('update');
    return row!;
  },

  /** An email went out now: the next window runs from here, with no digest. */
  async openWindow(db: DbOrTx, threadId: number, userId: number) {
    await db
      .update(messageNotifications)
      .set({ windowEndsAt: sql`now() + ${windowLength}`, digestEmailId: null, digestFromMessageId: null })
      .where(and(eq(messageNotifications.threadId, threadId), eq(messageNotifications.userId, userId)));
  },

  /** A digest is due at the window's end: the window after it follows, so the digest counts as that window's email. */
  async startDigest(db: DbOrTx, threadId: number, userId: number, digest: { emailId: number; fromMessageId: number }) {
    await db
      .update(messageNotifications)
      .set({
        windowEndsAt: sql`${messageNotifications.windowEndsAt} + ${windowLength}`,
        digestEmailId: digest.emailId,
        digestFromMessageId: digest.fromMessageId,
      })
      .where(and(eq(messageNotifications.threadId, threadId), eq(messageNotifications.userId, userId)));
  },

  /** The thread's messages from `fromId` on that `readerId` did not write: the newest `limit`, oldest first, and how many in all. */
  async messagesSince(db: DbOrTx, threadId: number, fromId: number, readerId: number, limit: number) {
    const where = and(eq(threadMessages.threadId, threadId), sql`${threadMessages.id} >= ${fromId}`, sql`${threadMessages.authorId} <> ${readerId}`);
    const [rows, [total]] = await Promise.all([
      db
        .select({ from: users.name, body: threadMessages.body })
        .from(threadMessages)
        .innerJoin(users, eq(users.id, threadMessages.authorId))
        .where(where)
        .orderBy(desc(threadMessages.id))
        .limit(limit),
      db.select({ n: count() }).from(threadMessages).where(where),
    ]);
    return { messages: rows.reverse(), total: total?.n ?? rows.length };
  },
};
