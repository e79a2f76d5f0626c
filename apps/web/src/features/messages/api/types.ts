import type { InboxThreadRow, ThreadDetail, ThreadMessageEntry } from '@copydesk/shared';

/*
 * The support inbox contract (docs/decisions/0024-support-inbox.md) under the names this feature uses; the shapes and
 * limits are the shared ones the server validates and serialises with.
 */

export { THREAD_MESSAGE_MAX as MESSAGE_MAX, THREAD_SUBJECT_MAX as SUBJECT_MAX } from '@copydesk/shared';

/** One row of GET /message: a thread, newest activity first. */
export type MessageThreadRow = InboxThreadRow;

/** One message of a thread; an admin author is the support team. */
export type ThreadMessage = ThreadMessageEntry;

/** GET /message/{id}: the thread with its messages, oldest first. */
export type MessageThread = ThreadDetail;
