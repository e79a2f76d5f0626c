import { outboxResponseSchema } from '../schemas/mail.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

/** The dev outbox (development only; this machine or an admin): the web page /dev/mailbox reads it. */
export const mailEndpoints = {
  listDevOutbox: defineEndpoint({
    ...routes.listDevOutbox,
    access: 'public',
    summary: 'Emails in the outbox (development only)',
    tags: ['dev'],
    response: { 200: outboxResponseSchema },
  }),
};
