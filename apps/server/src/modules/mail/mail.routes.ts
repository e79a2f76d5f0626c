import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { mayReadDevMailbox } from '../../lib/dev-mailbox-access.js';
import { outboxRepository } from './outbox.repository.js';

/**
 * The dev outbox: with no SMTP_URL and outside production, the emails the portal would have sent,
 * newest first, so a newcomer can click a verification link (the web page /dev/mailbox shows them).
 * Only for this machine or an admin; anyone else is told it does not exist.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.listDevOutbox, {}, async (request) => {
    if (!(await mayReadDevMailbox(app, request))) throw new AppError('request.not_found');
    // The contract says what the JSON holds: the time as ISO 8601 text (as JSON.stringify wrote the Date).
    const emails = await outboxRepository.listRecent(app.db);
    return { data: emails.map((email) => ({ ...email, created_at: email.created_at.toISOString() })) };
  });
};
