import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { mayReadDevMailbox } from './dev-mailbox-access.js';
import { outboxRepository } from './outbox.repository.js';

/**
 * The dev outbox: with no SMTP_URL and outside production, the emails the portal would have sent,
 * newest first, so a newcomer can click a verification link (the web page /dev/mailbox shows them).
 * Only for this machine or an admin; anyone else is told it does not exist.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Emails in the outbox (development only)',
        response: {
          200: z.object({
            data: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), created_at: z.date() })),
          }),
        },
      },
    },
    async (request) => {
      if (!(await mayReadDevMailbox(app, request))) throw new AppError('NOT_FOUND', messages.notFound);
      return { data: await outboxRepository.listRecent(app.db) };
    },
  );
};
