import { idParamSchema } from '../schemas/common.js';
import {
  createThreadSchema,
  inboxThreadListResponseSchema,
  messageSentResponseSchema,
  replySchema,
  threadDetailResponseSchema,
  threadListQuerySchema,
  unreadCountResponseSchema,
} from '../schemas/messages.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

const tags = ['messages'];

/** The support inbox (docs/decisions/0024-support-inbox.md): every signed-in role. */
export const messageEndpoints = {
  listThreads: defineEndpoint({
    ...routes.listThreads,
    access: 'signed-in',
    summary: "Threads, newest activity first: the caller's agency's (customers) or all (admins)",
    tags,
    query: threadListQuerySchema,
    response: { 200: inboxThreadListResponseSchema },
  }),
  getUnreadCount: defineEndpoint({
    ...routes.getUnreadCount,
    access: 'signed-in',
    summary: 'How many threads have a message from the other side the caller has not read',
    tags,
    response: { 200: unreadCountResponseSchema },
  }),
  createThread: defineEndpoint({
    ...routes.createThread,
    access: 'signed-in',
    summary: 'Open a thread (customers for their agency; admins about an order, for its agency)',
    tags,
    body: createThreadSchema,
    response: { 201: messageSentResponseSchema },
  }),
  getThread: defineEndpoint({
    ...routes.getThread,
    access: 'signed-in',
    summary: 'A thread with its messages, oldest first; marks it read for the caller',
    tags,
    params: idParamSchema,
    response: { 200: threadDetailResponseSchema },
  }),
  replyToThread: defineEndpoint({
    ...routes.replyToThread,
    access: 'signed-in',
    summary: 'Reply in a thread',
    tags,
    params: idParamSchema,
    body: replySchema,
    response: { 201: messageSentResponseSchema },
  }),
};
