import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { crashScreenMessages, messages } from '@copydesk/shared';
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

/** A browser loading a page (typed, a link, a reload), not a script's fetch of the same URL. */
function isDocumentLoad(request: FastifyRequest): boolean {
  if (request.method !== 'GET' || isApiUrl(request.url)) return false;
  const dest = request.headers['sec-fetch-dest'];
  if (dest !== undefined) return dest === 'document';
  return /^text\/html\b/i.test(request.headers.accept ?? '');
}

const isApiUrl = (url: string) => /^\/api(\/|\?|$)/.test(url);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a browser shows when loading a document fails (an error answer to a page load, which
 * would otherwise be raw JSON): the error's message, Reload and Go to dashboard, as the app's own
 * error screen (apps/web/src/components/layouts/route-error.tsx) has. Inline styles only, no
 * script: the security policy allows them, and nothing else needs to load.
 */
export function errorPage(message: string, url: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(crashScreenMessages.title)} · Copydesk</title>
<style>
body{margin:0;min-height:100dvh;background:#f8f9fa;color:#000;font:16px/1.55 Inter,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:600px;margin:0 auto;padding:64px 16px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:16px;box-shadow:0 1px 3px rgba(0,0,0,.05);padding:32px}
h1{font-size:28px;line-height:1.3;margin:0 0 16px}
p{margin:0 0 24px}
a{display:inline-block;margin:0 8px 8px 0;padding:8px 18px;border-radius:4px;font-weight:600;text-decoration:none;border:1px solid #ced4da;color:#000;background:#fff}
a.primary{background:#1864ab;border-color:#1864ab;color:#fff}
a:focus-visible{outline:2px solid #1864ab;outline-offset:2px}
</style>
</head>
<body>
<main><div class="card">
<h1>${escapeHtml(crashScreenMessages.title)}</h1>
<p>${escapeHtml(message)}</p>
<a class="primary" href="${escapeHtml(url)}">${escapeHtml(crashScreenMessages.reload)}</a><a href="/dashboard">${escapeHtml(crashScreenMessages.goToDashboard)}</a>
</div></main>
</body>
</html>
`;
}

/** A page of the build's `first-load.json` (apps/web/build/first-load-chunks.ts). */
type FirstLoadPage = { path: string; scripts: string[]; styles: string[] };

/**
 * The app's page for a path: index.html, naming for the pages the build wrote down in
 * `first-load.json` (the dashboard, the order list, a content view, sign-in) the files their screens
 * load beyond the entry, so the browser fetches them beside it instead of after it has run
 * (docs/decisions/0047-first-load-named-in-the-page.md). Read again when the build changes
 * index.html; null when there is nothing to add (the file is sent as it is).
 */
function firstLoadPages(dist: string) {
  const indexFile = path.join(dist, 'index.html');
  const listFile = path.join(dist, 'first-load.json');
  let built = -1;
  let pages = new Map<string, string>();
  let patterns: { prefix: string; html: string }[] = [];

  const load = () => {
    let stamp: number;
    try {
      stamp = fs.statSync(indexFile).mtimeMs;
    } catch {
      stamp = -1; // Gone while the server runs (a build under way): nothing to add.
    }
    if (stamp === built) return;
    built = stamp;
    pages = new Map();
    patterns = [];
    let list: FirstLoadPage[];
    let index: string;
    try {
      list = JSON.parse(fs.readFileSync(listFile, 'utf8')) as FirstLoadPage[];
      index = fs.readFileSync(indexFile, 'utf8');
    } catch {
      return; // A build without the list (an older one), or one under way: pages as they are.
    }
    for (const page of list) {
      const links = [
        ...page.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`),
        ...page.styles.map((file) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(file)}">`),
      ].join('');
      const html = index.replace('</head>', `${links}</head>`);
      if (page.path.endsWith('/*')) patterns.push({ prefix: page.path.slice(0, -1), html });
      else pages.set(page.path, html);
    }
  };

  return (pathname: string): string | null => {
    load();
    const exact = pages.get(pathname);
    if (exact) return exact;
    const match = patterns.find(({ prefix }) => pathname.startsWith(prefix) && /^[^/]+$/.test(pathname.slice(prefix.length)));
    return match?.html ?? null;
  };
}

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
  const firstLoadPage = firstLoadPages(dist);
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

  // An error answer to a page load (a file that does not exist, a refused URL, a database that is
  // down while the dev mailbox page asks who may read it) is this page, not raw JSON.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !isDocumentLoad(request) || !/\bjson\b/i.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    let message: string = messages.serverError;
    try {
      const body = JSON.parse(String(payload)) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      // Not the error body the app sends: the general message.
    }
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('cache-control', 'no-store');
    // The same address again, as a path of this site (`//host/…` would be another site's).
    return errorPage(message, `/${request.url.replace(/^[/\\]+/, '')}`);
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
    const page = firstLoadPage(pathname);
    if (page) return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
