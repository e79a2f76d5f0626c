import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { messages } from '@copydesk/shared';
import type { ErrorBody } from '../lib/app-error.js';
import { mayReadDevMailbox } from '../lib/dev-mailbox-access.js';

/** As loosely as the client router matches it: any case, escaped letters, extra slashes. */
function isDevMailboxPage(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Left as sent: a malformed escape reaches no client route anyway.
  }
  return /^\/+dev\/+mailbox(\/|$)/i.test(decoded);
}

/** What helmet sets that only means something on a document (or a worker script; the app has none). */
const documentOnlyHeaders = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'Referrer-Policy',
  'Strict-Transport-Security',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];

/**
 * Serves the built web app. Any non-API path without a file extension answers index.html (the
 * client routes it; unknown paths go to /dashboard there). Unknown /api paths and missing assets
 * answer 404, never HTML with 200. The dev mailbox page exists only for those who may read the
 * mailbox (lib/dev-mailbox-access.ts); anyone else gets a plain 404.
 */
export async function registerWebApp(app: FastifyInstance) {
  const dist = app.config.webDistDir;
  const indexFile = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      // One `/*` route that looks the file up on request. `wildcard: false` would list the folder
      // at start-up and add a route per file (1,200 with the compressed copies): a third of a
      // second of every start. A path with no file falls through to the not-found handler below, and
      // so does every path without an extension (`/`, client routes, folders), unlooked-up.
      wildcard: true,
      allowedPath: (pathname) => path.extname(pathname) !== '',
      index: false,
      // The build writes a .br and a .gz beside each asset: sent with Content-Encoding when accepted.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those can be cached for good.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL answers brotli, gzip or plain by Accept-Encoding: caches on the way must key on it.
        res.setHeader('Vary', 'Accept-Encoding');
        // Scripts, styles and images of the app: the page that loads them carries the document
        // policies (CSP, framing, referrer, HSTS…), which a browser reads from documents only. Sent
        // with each of the forty files a page loads, they were a kilobyte apiece, more than most of
        // the files. nosniff and Cross-Origin-Resource-Policy stay: they apply to the files themselves.
        // (The plugin passes the raw ServerResponse, which its type narrows to get/setHeader.)
        if (immutable) for (const header of documentOnlyHeaders) (res as unknown as ServerResponse).removeHeader(header);
      },
    });
  }

  // A fingerprinted asset is cached for good and never revalidated, so its validators (ETag,
  // Last-Modified) and range support are a hundred bytes of headers on each of the files a page loads
  // that no browser will use. index.html and the other root files keep theirs.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 200 && request.url.startsWith('/assets/')) {
      reply.removeHeader('etag');
      reply.removeHeader('last-modified');
      reply.removeHeader('accept-ranges');
    }
    return payload;
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || path.extname(pathname) !== '' || request.method !== 'GET') {
      return reply.status(404).send({ code: 'request.not_found', message: messages.notFound } satisfies ErrorBody);
    }
    if (isDevMailboxPage(pathname) && !(await mayReadDevMailbox(app, request))) {
      return reply.status(404).type('text/plain').send(messages.notFound);
    }
    if (!hasWeb) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
