import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityLogListResponseSchema,
  activityLogQuerySchema,
  approveContentSchema,
  assignContentSchema,
  contentDetailResponseSchema,
  contentListQuerySchema,
  contentListResponseSchema,
  contentMessages,
  contentStatusResponseSchema,
  DOCX_MAX_BYTES,
  DOCX_MIME,
  downloadQuerySchema,
  fulfilmentAgentsResponseSchema,
  fulfilmentListResponseSchema,
  fulfilmentQuerySchema,
  idParamSchema,
  messageResponseSchema,
  previewResponseSchema,
  revisionCountResponseSchema,
  revisionRequestSchema,
  uploadDocumentResponseSchema,
} from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { readMultipart } from '../../lib/uploads.js';
import { currentUser, requireAuth } from '../../plugins/auth.js';
import * as content from './content.service.js';
import { attachmentHeader } from './docx.js';

const tags = ['content'];
const security = [{ bearerAuth: [] }];
const binary = { 200: z.any().describe('the file') };

/** A private download: never cached, saved under a readable name. */
const sendFile = (reply: FastifyReply, type: string, file: { fileName: string; data: Buffer }) =>
  reply.type(type).header('content-disposition', attachmentHeader(file.fileName)).header('cache-control', 'private, no-store').send(file.data);

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: content.ContentCtx = { db: app.db, storage: app.storage, config: app.config };
  const anyone = requireAuth();
  const reviewers = requireAuth('content.review');
  const fulfilment = requireAuth('fulfilment.work');

  /* Fulfilment (admins are the fulfilment team) */

  app.get(
    '/fulfilment',
    {
      schema: {
        tags,
        security,
        summary: 'Paid items to write, oldest due date first',
        querystring: fulfilmentQuerySchema,
        response: { 200: fulfilmentListResponseSchema },
      },
      onRequest: fulfilment,
    },
    async (request) => content.listQueue(app.db, request.query),
  );

  app.get(
    '/fulfilment/agents',
    { schema: { tags, security, summary: 'Admins who can work on an item', response: { 200: fulfilmentAgentsResponseSchema } }, onRequest: fulfilment },
    async () => content.listAgents(app.db),
  );

  app.post(
    '/content/:id/assign',
    { schema: { tags, security, params: idParamSchema, body: assignContentSchema.nullish(), response: { 200: messageResponseSchema } }, onRequest: fulfilment },
    async (request) => content.assign(ctx, currentUser(request), request.params.id, request.body?.linkagent_id),
  );

  app.post(
    '/content/:id/documents',
    {
      schema: {
        tags,
        security,
        summary: 'Deliver a .docx (multipart field `file`, at most 20 MB) as the next version',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 200: uploadDocumentResponseSchema },
      },
      onRequest: fulfilment,
    },
    async (request) => {
      const upload = await readMultipart(request, { fileField: 'file', maxBytes: DOCX_MAX_BYTES });
      if (!upload) throw AppError.field('file', contentMessages.onlyDocx);
      if (!upload.file) throw AppError.field('file', contentMessages.fileMissing);
      if (upload.tooLarge) throw AppError.field('file', contentMessages.docxTooLarge);
      return content.deliver(ctx, currentUser(request), request.params.id, upload.file);
    },
  );

  /* The content view */

  app.get(
    '/content',
    {
      schema: { tags, security, summary: "The caller's paid items", querystring: contentListQuerySchema, response: { 200: contentListResponseSchema } },
      onRequest: anyone,
    },
    async (request) => content.listItems(app.db, currentUser(request), request.query),
  );

  app.get(
    '/content/:id',
    { schema: { tags, security, params: idParamSchema, response: { 200: contentDetailResponseSchema } }, onRequest: anyone },
    async (request) => content.getDetail(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/content/:id/preview',
    {
      schema: { tags, security, summary: 'The latest version as sanitised HTML', params: idParamSchema, response: { 200: previewResponseSchema } },
      onRequest: anyone,
    },
    async (request) => content.preview(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/content/getStatusById/:id',
    { schema: { tags, security, params: idParamSchema, response: { 200: contentStatusResponseSchema } }, onRequest: anyone },
    async (request) => content.status(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/content/revisionCount/:id',
    { schema: { tags, security, summary: 'Revisions left', params: idParamSchema, response: { 200: revisionCountResponseSchema } }, onRequest: anyone },
    async (request) => content.revisionCount(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/content/approved/:id',
    { schema: { tags, security, params: idParamSchema, body: approveContentSchema, response: { 200: messageResponseSchema } }, onRequest: reviewers },
    async (request) => content.approve(ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/content/revision/:id',
    { schema: { tags, security, params: idParamSchema, body: revisionRequestSchema, response: { 200: messageResponseSchema } }, onRequest: reviewers },
    async (request) => content.requestRevision(ctx, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/content/download/:id',
    {
      schema: {
        tags,
        security,
        summary: 'The latest .docx, or ?document= an older version',
        params: idParamSchema,
        querystring: downloadQuerySchema,
        response: binary,
      },
      onRequest: anyone,
    },
    async (request, reply) => {
      return sendFile(reply, DOCX_MIME, await content.download(ctx, currentUser(request), request.params.id, request.query.document));
    },
  );

  app.get(
    '/content/downloadActivity/:id',
    { schema: { tags, security, summary: 'The file of an activity-log entry', params: idParamSchema, response: binary }, onRequest: anyone },
    async (request, reply) => {
      return sendFile(reply, DOCX_MIME, await content.downloadActivity(ctx, currentUser(request), request.params.id));
    },
  );

  app.get(
    '/content/getActivityLogs/:id',
    {
      schema: { tags, security, params: idParamSchema, querystring: activityLogQuerySchema, response: { 200: activityLogListResponseSchema } },
      onRequest: anyone,
    },
    async (request) => content.activityLogs(app.db, currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/order/:id/export',
    { schema: { tags, security, summary: 'A .zip of the latest file of every delivered item', params: idParamSchema, response: binary }, onRequest: anyone },
    async (request, reply) => {
      return sendFile(reply, 'application/zip', await content.exportOrder(ctx, currentUser(request), request.params.id));
    },
  );
};
