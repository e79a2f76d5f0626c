import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCX_MAX_BYTES, DOCX_MIME, endpoints } from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { readMultipart } from '../../lib/uploads.js';
import { currentUser } from '../../lib/access.js';
import * as content from './content.service.js';
import { attachmentHeader } from './docx.js';

/** A private download: never cached, saved under a readable name. */
const sendFile = (reply: FastifyReply, type: string, file: { fileName: string; data: Buffer }) =>
  reply.type(type).header('content-disposition', attachmentHeader(file.fileName)).header('cache-control', 'private, no-store').send(file.data);

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /* Fulfilment (admins are the fulfilment team) */

  route(app, endpoints.listFulfilment, {}, async (request) => content.listQueue(ctx, currentUser(request), request.query));

  route(app, endpoints.listFulfilmentAgents, {}, async (request) => content.listAgents(ctx, currentUser(request)));

  route(app, endpoints.assignContent, {}, async (request) =>
    content.assign(ctx, currentUser(request), { id: request.params.id, linkagentId: request.body?.linkagent_id }),
  );

  route(app, endpoints.uploadDocument, {}, async (request) => {
    const upload = await readMultipart(request, { fileField: 'file', maxBytes: DOCX_MAX_BYTES });
    if (!upload) throw AppError.field('content.only_docx', 'file');
    if (!upload.file) throw AppError.field('content.file_missing', 'file');
    if (upload.tooLarge) throw AppError.field('content.file_too_large', 'file');
    return content.deliver(ctx, currentUser(request), { id: request.params.id, file: upload.file });
  });

  /* The content view */

  route(app, endpoints.listContent, {}, async (request) => content.listItems(ctx, currentUser(request), request.query));

  route(app, endpoints.getContent, {}, async (request) => content.getDetail(ctx, currentUser(request), request.params.id));

  route(app, endpoints.getContentPreview, {}, async (request) => content.preview(ctx, currentUser(request), request.params.id));

  route(app, endpoints.getContentStatus, {}, async (request) => content.status(ctx, currentUser(request), request.params.id));

  route(app, endpoints.getRevisionCount, {}, async (request) => content.revisionCount(ctx, currentUser(request), request.params.id));

  route(app, endpoints.approveContent, {}, async (request) => content.approve(ctx, currentUser(request), request.params.id));

  route(app, endpoints.requestRevision, {}, async (request) =>
    content.requestRevision(ctx, currentUser(request), { id: request.params.id, revision: request.body }),
  );

  route(app, endpoints.downloadContent, {}, async (request, reply) =>
    sendFile(reply, DOCX_MIME, await content.download(ctx, currentUser(request), { id: request.params.id, documentId: request.query.document })),
  );

  route(app, endpoints.downloadActivityFile, {}, async (request, reply) =>
    sendFile(reply, DOCX_MIME, await content.downloadActivity(ctx, currentUser(request), request.params.id)),
  );

  route(app, endpoints.getActivityLogs, {}, async (request) =>
    content.activityLogs(ctx, currentUser(request), { id: request.params.id, query: request.query }),
  );

  route(app, endpoints.exportOrder, {}, async (request, reply) =>
    sendFile(reply, 'application/zip', await content.exportOrder(ctx, currentUser(request), request.params.id)),
  );
};
