import type { z } from 'zod';
import { inboxMessages, type createThreadSchema, type replySchema, type threadListQuerySchema } from '@copydesk/shared';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { MessageThreadRow, UserRow } from '../../db/schema/index.js';
import { agencyIdOf, can } from '../../lib/access.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import type { OutgoingMail } from '../../lib/mailer.js';
import { offsetOf, pageMeta } from '../../lib/pagination.js';
import { emails } from '../mail/emails.js';
import { outboxRepository } from '../mail/outbox.repository.js';
import { messagesRepository as repo, type InboxReader, type Recipient, type Side } from './messages.repository.js';

/**
 * The support inbox (docs/decisions/0024-support-inbox.md): threads between a customer (an agency
 * and its associates, one tenant) and the admins. A customer sees its agency's threads, an admin
 * sees all; another tenant's thread does not exist for the caller (404). Each new message is one
 * transaction with the emails to the other side (through the outbox).
 */

type Actor = Pick<UserRow, 'id' | 'role' | 'agencyId' | 'name'>;
type ListQuery = z.output<typeof threadListQuerySchema>;
type CreateBody = z.output<typeof createThreadSchema>;
type ReplyBody = z.output<typeof replySchema>;

const sideOf = (actor: Pick<UserRow, 'role'>): Side => (can(actor, 'messages.support') ? 'admin' : 'customer');
const readerOf = (actor: Actor): InboxReader => ({ userId: actor.id, agencyId: agencyIdOf(actor) });
export const threadUrl = (config: Pick<Config, 'publicUrl'>, threadId: number) => `${config.publicUrl}/message?thread=${threadId}`;

/** GET /message. */
export async function listThreads(ctx: AppContext, actor: Actor, query: ListQuery) {
  const { db } = ctx;
  const { rows, total } = await repo.list(db, readerOf(actor), { limit: query.limit, offset: offsetOf(query) });
  return {
    data: rows.map(({ thread, author, agency, unread }) => ({
      id: thread.id,
      subject: thread.subject,
      order_id: thread.orderId,
      last_message_at: thread.lastMessageAt.toISOString(),
      unread: Boolean(unread),
      author,
      agency,
    })),
    meta: pageMeta(query, total, rows.length),
  };
}

/** GET /message/unread. */
export async function unreadCount(ctx: AppContext, actor: Actor) {
  const { db } = ctx;
  return { count: await repo.unreadCount(db, readerOf(actor)) };
}

/** GET /message/{id}: the thread and its messages; the caller has now read it up to its latest message. */
export async function getThread(ctx: AppContext, actor: Actor, id: number) {
  const { db } = ctx;
  const found = await repo.findThread(db, id, agencyIdOf(actor));
  if (!found) throw new AppError('request.not_found');
  const { thread, author, agency } = found;
  const rows = await repo.messagesOf(db, thread.id);
  // Read up to what is shown: a message committed after the thread was read is newer than this.
  await repo.markRead(db, thread.id, actor.id, found.lastMessageAtText);
  return {
    data: {
      id: thread.id,
      subject: thread.subject,
      order_id: thread.orderId,
      created_at: thread.createdAt.toISOString(),
      last_message_at: thread.lastMessageAt.toISOString(),
      author: { id: author.id, name: author.name },
      agency,
      messages: rows.map((r) => ({ id: r.id, message: r.body, created_at: r.createdAt.toISOString(), author: r.author })),
    },
  };
}

/**
 * POST /message. A customer writes for its agency, about one of the agency's orders or none. An
 * admin writes only about an order, and the thread is then that order's agency's.
 */
export async function createThread(ctx: AppContext, actor: Actor, body: CreateBody) {
  const agencyId = agencyIdOf(actor);
  if (agencyId === null && body.order_id === undefined) throw AppError.field('message.order_required', 'order_id');
  return ctx.db.transaction(async (tx) => {
    const order = body.order_id === undefined ? null : await repo.findOrder(tx, body.order_id, agencyId);
    if (body.order_id !== undefined && !order) throw new AppError('request.not_found');
    const side = sideOf(actor);
    const thread = await repo.insertThread(tx, {
      agencyId: agencyId ?? order!.agencyId,
      authorId: actor.id,
      orderId: order?.id ?? null,
      subject: body.subject,
      side,
    });
    const messageId = await repo.insertMessage(tx, { threadId: thread.id, authorId: actor.id, body: body.message });
    await repo.markRead(tx, thread.id, actor.id);
    await notifyOtherSide(tx, ctx.config, { thread, actor, side, authorIsCustomer: side === 'customer', message: body.message, messageId });
    return { message: inboxMessages.threadCreated, id: thread.id };
  });
}

/** POST /message/{id}/reply. */
export async function reply(ctx: AppContext, actor: Actor, { id, reply: body }: { id: number; reply: ReplyBody }) {
  const agencyId = agencyIdOf(actor);
  return ctx.db.transaction(async (tx) => {
    const found = await repo.findThread(tx, id, agencyId);
    if (!found) throw new AppError('request.not_found');
    const side = sideOf(actor);
    const thread = (await repo.touchThread(tx, id, agencyId, side))!;
    const messageId = await repo.insertMessage(tx, { threadId: id, authorId: actor.id, body: body.message });
    await repo.markRead(tx, id, actor.id);
    await notifyOtherSide(tx, ctx.config, { thread, actor, side, authorIsCustomer: sideOf(found.author) === 'customer', message: body.message, messageId });
    return { message: inboxMessages.replySent, id: messageId };
  });
}

/**
 * Who hears about a new message. A customer's message goes to the admins who have written in the
 * thread, or to every active admin when none has. An admin's message goes to the thread's author;
 * a thread an admin opened goes to the customers who have written in it, else to the agency.
 * Nobody inactive is emailed, nor anyone of an inactive agency.
 */
async function recipients(tx: DbOrTx, thread: MessageThreadRow, side: Side, authorIsCustomer: boolean): Promise<Recipient[]> {
  if (side === 'customer') {
    const writers = await repo.activeWriters(tx, thread.id, ['admin']);
    return writers.length ? writers : repo.activeAdmins(tx);
  }
  if (authorIsCustomer) {
    const author = await repo.activeCustomer(tx, thread.authorId);
    return author ? [author] : [];
  }
  const agency = await repo.activeCustomer(tx, thread.agencyId);
  if (!agency) return [];
  const writers = await repo.activeWriters(tx, thread.id, ['agency', 'associate']);
  return writers.length ? writers : [agency];
}

async function notifyOtherSide(
  tx: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  {
    thread,
    actor,
    side,
    authorIsCustomer,
    message,
    messageId,
  }: { thread: MessageThreadRow; actor: Actor; side: Side; authorIsCustomer: boolean; message: string; messageId: number },
) {
  const url = threadUrl(config, thread.id);
  for (const person of await recipients(tx, thread, side, authorIsCustomer)) {
    if (person.id === actor.id) continue;
    const single = emails.inboxMessage(person.email, person.name, { id: thread.id, subject: thread.subject }, actor.name, message, url);
    // A customer's messages reach the admins batched; an admin's reach the customer one by one.
    if (side === 'customer') await notifyAdmin(tx, { thread, person, messageId, single, url });
    else await outboxRepository.enqueue(tx, single);
  }
}

/** Messages a digest shows in full; it counts the others. */
const DIGEST_SHOWN = 20;

/**
 * One admin's email about a customer's message (docs/decisions/0029-imports-in-chunks-and-message-digests.md):
 * at once when the thread has been quiet for the window, else gathered into one digest due at the
 * window's end. The digest waiting in the outbox is rewritten with each new message until a worker
 * claims it; a message after that starts the next window's digest.
 */
async function notifyAdmin(
  tx: DbOrTx,
  { thread, person, messageId, single, url }: { thread: MessageThreadRow; person: Recipient; messageId: number; single: OutgoingMail; url: string },
) {
  const state = await repo.lockNotification(tx, thread.id, person.id);
  const digest = async (fromMessageId: number) => {
    const { messages, total } = await repo.messagesSince(tx, thread.id, fromMessageId, person.id, DIGEST_SHOWN);
    return emails.inboxDigest(person.email, person.name, { id: thread.id, subject: thread.subject }, messages, total - messages.length, url);
  };
  if (state.digestEmailId !== null && state.digestFromMessageId !== null) {
    if (await outboxRepository.rewriteUnclaimed(tx, state.digestEmailId, await digest(state.digestFromMessageId))) return;
  }
  if (state.quiet) {
    await outboxRepository.enqueue(tx, single);
    await repo.openWindow(tx, thread.id, person.id);
    return;
  }
  const emailId = await outboxRepository.enqueue(tx, await digest(messageId), state.windowEndsAt);
  await repo.startDigest(tx, thread.id, person.id, { emailId, fromMessageId: messageId });
}
