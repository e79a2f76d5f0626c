import { z } from 'zod';
import { inboxMessages as m, messages } from '../messages.js';
import { ROLES } from '../roles.js';
import { pageMetaSchema } from './common.js';

/**
 * The support inbox (docs/decisions/0024-support-inbox.md): threads between an agency (with its associates)
 * and the admins. A thread is about an order or about nothing in particular; admins open threads
 * only about an order, which makes the thread that order's agency's.
 */

export const THREAD_SUBJECT_MAX = 250;
export const THREAD_MESSAGE_MAX = 5000;
const MAX_ID = 2_147_483_647;

const unset = (v: unknown) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v);

/** Absent and null read as empty, so they get "This field is required." like a blank field. */
const blankIfMissing = (v: unknown) => (v === undefined || v === null ? '' : v);

// PostgreSQL text cannot hold NUL, and other control characters have no business in a message.
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Text of a required field: the type is checked in its own step, so a wrong type reports only that
 * (Zod would otherwise also run the length checks on, say, an array).
 */
const requiredText = (invalid: string, inner: z.ZodString) => z.preprocess(blankIfMissing, z.string({ error: invalid }).pipe(inner));

/** One line: line breaks and tabs become spaces (the subject also goes into email subjects). */
export const threadSubjectSchema = requiredText(
  m.subjectInvalid,
  z
    .string()
    .overwrite((s) => s.replace(CONTROLS, '').replace(/[\r\n\t]+/g, ' '))
    .trim()
    .min(1, messages.fieldRequired)
    .max(THREAD_SUBJECT_MAX, m.subjectTooLong(THREAD_SUBJECT_MAX)),
);

/** Line breaks stay; the text is shown as plain text, never as HTML. */
export const threadMessageSchema = requiredText(
  m.messageInvalid,
  z
    .string()
    .overwrite((s) => s.replace(CONTROLS, '').replace(/\r\n?/g, '\n'))
    .trim()
    .min(1, messages.fieldRequired)
    .max(THREAD_MESSAGE_MAX, m.messageTooLong(THREAD_MESSAGE_MAX.toLocaleString('en-US'))),
);

/** An order number: a positive integer, or its digits as text (form values); '' and null = none. */
export const threadOrderIdSchema = z.preprocess(
  (v) => (v === null ? undefined : unset(v)),
  z
    .union([z.number(), z.string().regex(/^\s*#?\d{1,12}\s*$/, m.orderInvalid)], { error: m.orderInvalid })
    .transform((v) => (typeof v === 'number' ? v : Number(v.trim().replace('#', ''))))
    .pipe(z.number().int(m.orderInvalid).min(1, m.orderInvalid).max(MAX_ID, m.orderInvalid))
    .optional(),
);

/** POST /message. `order_id` is required for admins (the server checks it: it depends on the caller). */
export const createThreadSchema = z.object(
  {
    subject: threadSubjectSchema.describe(`Required, at most ${THREAD_SUBJECT_MAX} characters`),
    message: threadMessageSchema.describe(`Required, at most ${THREAD_MESSAGE_MAX} characters`),
    order_id: threadOrderIdSchema.describe("The order the thread is about: one of the caller's agency's orders; required for admins"),
  },
  { error: messages.invalidData },
);
export type CreateThreadInput = z.input<typeof createThreadSchema>;

/** POST /message/{id}/reply. */
export const replySchema = z.object(
  { message: threadMessageSchema.describe(`Required, at most ${THREAD_MESSAGE_MAX} characters`) },
  { error: messages.invalidData },
);
export type ReplyInput = z.input<typeof replySchema>;

/** Both posts answer the toast text and the id of what was created (the thread, or the message). */
export const messageSentResponseSchema = z.object({ message: z.string(), id: z.number() });
export type MessageSentResponse = z.infer<typeof messageSentResponseSchema>;

/** GET /message: newest activity first. */
export const threadListQuerySchema = z.object({
  page: z.preprocess(unset, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  limit: z.preprocess(unset, z.coerce.number().int().min(1).max(100).default(10)),
});
export type ThreadListQuery = z.input<typeof threadListQuerySchema>;

const personSchema = z.object({ id: z.number(), name: z.string() });

export const inboxThreadRowSchema = z.object({
  id: z.number(),
  subject: z.string(),
  order_id: z.number().nullable(),
  last_message_at: z.string(),
  /** A message from the other side (customers ↔ admins) the caller has not read yet. */
  unread: z.boolean(),
  /** Who opened the thread. */
  author: personSchema,
  /** The customer the thread belongs to (its company name, else its name). */
  agency: personSchema,
});
export type InboxThreadRow = z.infer<typeof inboxThreadRowSchema>;
export const inboxThreadListResponseSchema = z.object({ data: z.array(inboxThreadRowSchema), meta: pageMetaSchema });

export const threadMessageEntrySchema = z.object({
  id: z.number(),
  message: z.string(),
  created_at: z.string(),
  author: personSchema.extend({ role: z.enum(ROLES) }),
});
export type ThreadMessageEntry = z.infer<typeof threadMessageEntrySchema>;

/** GET /message/{id}: the thread with its messages, oldest first. Reading it marks it read. */
export const threadDetailSchema = z.object({
  id: z.number(),
  subject: z.string(),
  order_id: z.number().nullable(),
  created_at: z.string(),
  last_message_at: z.string(),
  author: personSchema,
  agency: personSchema,
  messages: z.array(threadMessageEntrySchema),
});
export type ThreadDetail = z.infer<typeof threadDetailSchema>;
export const threadDetailResponseSchema = z.object({ data: threadDetailSchema });

/** GET /message/unread: threads with a message from the other side newer than the caller's last read. */
export const unreadCountResponseSchema = z.object({ count: z.number() });
