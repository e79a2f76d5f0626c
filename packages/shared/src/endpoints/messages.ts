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
    summary: "Threads, newest activity first: the caller's agency's (customers) or all (admins)",
    tags,
    auth: true,
    query: threadListQuerySchema,
    response: { 200: inboxThreadListResponseSchema },
  }),
  getUnreadCount: defineEndpoint({
    ...routes.getUnreadCount,
    summary: 'How many threads have a message from the other side the caller has not read',
    tags,
    auth: true,
    response: { 200: unreadCountResponseSchema },
  }),
  createThread: defineEndpoint({
    ...routes.createThread,
    summary: 'Open a thread (customers for their agency; admins about an order, for its agency)',
    tags,
    auth: true,
    body: createThreadSchema,
    response: { 201: messageSentResponseSchema },
  }),
  getThread: defineEndpoint({
    ...routes.getThread,
    summary: 'A thread with its messages, oldest first; marks it read for the caller',
    tags,
    auth: true,
    params: idParamSchema,
    response: { 200: threadDetailResponseSchema },
  }),
  replyToThread: defineEndpoint({
    ...routes.replyToThread,
    summary: 'Reply in a thread',
    tags,
    auth: true,
    params: idParamSchema,
    body: replySchema,
    response: { 201: messageSentResponseSchema },
  }),
};
