import { createBrotliDecompress } from 'node:zlib';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fresh from 'fresh';
import Negotiator from 'negotiator';
import { DOCX_MAX_BYTES, DOCX_MIME, endpoints } from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { readMultipart } from '../../lib/uploads.js';
import { currentUser } from '../../lib/access.js';
import * as content from './content.service.js';
import { attachmentHeader } from './docx.js';

/** A private download: never cached, saved under a readable name. */
const sendFile = (reply: FastifyReply, type: string, file: { fileName: string; data: Buffer | Readable }) =>
  reply.type(type).header('content-disposition', attachmentHeader(file.fileName)).header('cache-control', 'private, no-store').send(file.data);

/** Seconds a caller refused for too many exports is asked to wait: an export of a large order takes about this long. */
const EXPORT_RETRY_AFTER_SECONDS = 30;

/** Whether the client takes a brotli body (`Accept-Encoding`, q-values included). */
const acceptsBrotli = (request: FastifyRequest) => new Negotiator(request.raw).encodings(['br']).includes('br');

/**
 * The stored preview as stored (brotli) to a client that accepts it, decompressed as a stream to one
 * that does not; 304 when the client holds this version. `private, no-cache`: kept by the browser
 * only, and asked again each time, which the validator answers with 304.
 */
function sendPreview(request: FastifyRequest, reply: FastifyReply, preview: Awaited<ReturnType<typeof content.preview>>) {
  reply.header('etag', preview.etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding');
  if (fresh(request.headers, { etag: preview.etag })) return reply.code(304).send();
  if ('html' in preview) return reply.send({ html: preview.html });
  reply.type('application/json; charset=utf-8');
  if (acceptsBrotli(request)) return reply.header('content-encoding', 'br').send(preview.brotli);
  return reply.send(Readable.from([preview.brotli]).pipe(createBrotliDecompress()));
}

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  /** Exports running on this instance, per agency (content.exportSlotOf); released when the answer ends or is cut. */
  const exportsRunning = new Map<string, number>();

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

  route(app, endpoints.countDocumentWords, {}, async (request) => {
    const upload = await readMultipart(request, { fileField: 'file', maxBytes: DOCX_MAX_BYTES });
    if (!upload) throw AppError.field('content.only_docx', 'file');
    if (!upload.file) throw AppError.field('content.file_missing', 'file');
    if (upload.tooLarge) throw AppError.field('content.file_too_large', 'file');
    return content.countWords(ctx, currentUser(request), { id: request.params.id, file: upload.file });
  });

  /* The content view */

  route(app, endpoints.listContent, {}, async (request) => content.listItems(ctx, currentUser(request), request.query));

  route(app, endpoints.getContent, {}, async (request) => content.getDetail(ctx, currentUser(request), request.params.id));

  route(app, endpoints.getContentPreview, {}, async (request, reply) =>
    sendPreview(request, reply, await content.preview(ctx, currentUser(request), { id: request.params.id, documentId: request.query.document })),
  );

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

  route(app, endpoints.exportOrder, {}, async (request, reply) => {
    const actor = currentUser(request);
    const slot = content.exportSlotOf(actor);
    const running = exportsRunning.get(slot) ?? 0;
    if (running >= ctx.config.exportsPerAgency) {
      reply.header('retry-after', String(EXPORT_RETRY_AFTER_SECONDS));
      throw new AppError('content.export_busy');
    }
    exportsRunning.set(slot, running + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (exportsRunning.get(slot) ?? 1) - 1;
      if (left > 0) exportsRunning.set(slot, left);
      else exportsRunning.delete(slot);
    };
    // 'close' comes once the answer is finished or the client went away, refusals included.
    reply.raw.once('close', release);
    try {
      const { fileName, stream } = await content.exportOrder(ctx, actor, request.params.id);
      return sendFile(reply, 'application/zip', { fileName, data: stream });
    } catch (err) {
      release();
      throw err;
    }
  });
};
