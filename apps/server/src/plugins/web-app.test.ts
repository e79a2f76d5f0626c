import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashScreenMessages, messages } from '@copydesk/shared';
import { BUILD_HISTORY_FILE, keepPreviousAssets, keptAssetsPolicy } from '../../../web/build/kept-assets.js';
import { createTestApp, type TestApp } from '../test/harness.js';

const day = 24 * 60 * 60 * 1000;
const start = new Date('2026-11-02T10:00:00Z');

/**
 * Writes a build into `dist` as Vite does with emptyOutDir off (new files beside the old ones, the
 * root files overwritten), then runs what the build's last step runs (apps/web/vite.config.ts).
 */
async function build(dist: string, hash: string, at: Date) {
  const files: Record<string, string> = {
    [`assets/index-${hash}.js`]: `import('./order-list-${hash}.js'); // ${'entry '.repeat(300)}`,
    [`assets/order-list-${hash}.js`]: `export const OrderListRoute = '${hash}';`,
    [`assets/index-${hash}.css`]: `body { color: #${hash.slice(0, 3)} }`,
  };
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dist, file), text);
  // The precompressed copy the build writes beside a file of 1 KB or more.
  fs.writeFileSync(path.join(dist, `assets/index-${hash}.js.br`), zlib.brotliCompressSync(files[`assets/index-${hash}.js`]));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>Copydesk</title><script type="module" src="/assets/index-${hash}.js"></script>`);
  return keepPreviousAssets(dist, Object.keys(files), at);
}

describe('the previous builds’ assets after a rebuild', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-web-'));
    // The server finds the app built when it starts.
    expect(await build(dist, 'aaa111', start)).toEqual({ kept: 0, removed: 0 });
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });

  it('are still answered, cached for good like the new ones, while the page names only the new build', async () => {
    const before = await get('/dashboard');
    expect(before.body).toContain('/assets/index-aaa111.js');

    // The next deploy: an open tab still holds the page that names aaa111's chunks.
    expect(await build(dist, 'bbb222', new Date(start.getTime() + day))).toEqual({ kept: 4, removed: 0 });
    expect((await get('/dashboard')).body).toContain('/assets/index-bbb222.js');
    for (const hash of ['aaa111', 'bbb222']) {
      const chunk = await get(`/assets/order-list-${hash}.js`);
      expect(chunk.statusCode, hash).toBe(200);
      expect(chunk.body).toContain(hash);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const entry = await get(`/assets/index-${hash}.js`);
      expect([entry.statusCode, entry.headers['content-encoding']], hash).toEqual([200, 'br']);
    }
  });

  it(`keeps at most ${keptAssetsPolicy.builds} previous builds, each for ${keptAssetsPolicy.days} days after it was replaced, and always the one just before`, async () => {
    // Builds on the following days (aaa111 and bbb222 from the first test are builds 1 and 2).
    const hashes = ['ccc333', 'ddd444', 'eee555', 'fff666', 'ggg777'];
    for (const [i, hash] of hashes.entries()) await build(dist, hash, new Date(start.getTime() + (i + 2) * day));
    // Seven builds in a week: the newest and five before it stay; the first is past the count.
    expect((await get('/assets/order-list-aaa111.js')).statusCode).toBe(404);
    expect((await get('/assets/index-aaa111.js')).statusCode).toBe(404);
    for (const hash of ['bbb222', ...hashes]) expect((await get(`/assets/order-list-${hash}.js`)).statusCode, hash).toBe(200);

    // A month without deploys, then one: the builds replaced more than a week ago go, except the one just before.
    await build(dist, 'hhh888', new Date(start.getTime() + 40 * day));
    for (const hash of ['bbb222', 'ccc333', 'ddd444', 'eee555', 'fff666']) {
      expect((await get(`/assets/order-list-${hash}.js`)).statusCode, hash).toBe(404);
    }
    for (const hash of ['ggg777', 'hhh888']) expect((await get(`/assets/order-list-${hash}.js`)).statusCode, hash).toBe(200);
    expect(fs.readdirSync(path.join(dist, 'assets')).sort()).toEqual(
      [
        'index-ggg777.css',
        'index-ggg777.js',
        'index-ggg777.js.br',
        'order-list-ggg777.js',
        'index-hhh888.css',
        'index-hhh888.js',
        'index-hhh888.js.br',
        'order-list-hhh888.js',
      ].sort(),
    );
    const history = JSON.parse(fs.readFileSync(path.join(dist, BUILD_HISTORY_FILE), 'utf8')) as { builds: { builtAt: string }[] };
    expect(history.builds.map((b) => b.builtAt)).toEqual([
      new Date(start.getTime() + 40 * day).toISOString(),
      new Date(start.getTime() + 6 * day).toISOString(),
    ]);
  });

  it('keeps what a dist built before the history existed holds, as the build just before', async () => {
    const old = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-web-'));
    try {
      fs.mkdirSync(path.join(old, 'assets/flags-1.0'), { recursive: true });
      fs.writeFileSync(path.join(old, 'assets/login-old999.js'), 'old');
      fs.writeFileSync(path.join(old, 'assets/flags-1.0/US.svg'), '<svg/>');
      expect(await build(old, 'new000', start)).toEqual({ kept: 2, removed: 0 });
      expect(fs.existsSync(path.join(old, 'assets/login-old999.js'))).toBe(true);
      // The next build replaces it in turn; a week later, it is two builds back and goes.
      await build(old, 'new001', new Date(start.getTime() + day));
      await build(old, 'new002', new Date(start.getTime() + 9 * day));
      expect(fs.existsSync(path.join(old, 'assets/login-old999.js'))).toBe(false);
      expect(fs.existsSync(path.join(old, 'assets/flags-1.0'))).toBe(false);
    } finally {
      fs.rmSync(old, { recursive: true, force: true });
    }
  });
});

describe('an error answer to a page load', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-web-'));
    await build(dist, 'aaa111', start);
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('is a page with the message, Reload and Go to dashboard, not raw JSON', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '//evil.example/report.pdf?x=1&y=2',
      headers: { 'sec-fetch-dest': 'document', accept: 'text/html,*/*;q=0.8' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<h1>${crashScreenMessages.title}</h1>`);
    expect(res.body).toContain(`<p>${messages.notFound}</p>`);
    // Reload is this site's same path, escaped; never another site's.
    expect(res.body).toContain('<a class="primary" href="/evil.example/report.pdf?x=1&#38;y=2">Reload</a>');
    expect(res.body).toContain('<a href="/dashboard">Go to dashboard</a>');
    expect(res.body).not.toContain('<script');
    // Without Sec-Fetch-Dest, by what the browser accepts.
    const typed = await t.app.inject({ method: 'GET', url: '/missing.png', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect([typed.statusCode, typed.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
  });

  it('stays JSON for scripts, files a page loads and the API', async () => {
    for (const [url, headers] of [
      ['/assets/gone-zzz999.js', { 'sec-fetch-dest': 'script', accept: '*/*' }],
      ['/missing.png', { accept: '*/*' }],
      ['/api/no/such/call', { 'sec-fetch-dest': 'document', accept: 'text/html' }],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect([res.statusCode, res.headers['content-type'], res.json().code], url).toEqual([404, 'application/json; charset=utf-8', 'request.not_found']);
    }
  });
});

describe('the files a page’s first screen loads, named in the page', () => {
  let dist: string;
  let t: TestApp;
  const writeBuild = (hash: string, stamp: Date) => {
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'first-load.json'),
      JSON.stringify([
        { path: '/order', scripts: [`/assets/order-list-${hash}.js`, `/assets/signed-in-${hash}.js`], styles: [`/assets/order-list-${hash}.css`] },
        { path: '/content-view/*', scripts: [`/assets/content-view-${hash}.js`], styles: [] },
      ]),
    );
    const index = path.join(dist, 'index.html');
    fs.writeFileSync(
      index,
      `<!doctype html><html><head><title>Copydesk</title><script type="module" src="/assets/index-${hash}.js"></script></head><body></body></html>`,
    );
    // A later build is a later index.html, whatever the file system's clock resolution.
    fs.utimesSync(index, stamp, stamp);
  };
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-web-'));
    writeBuild('aaa111', start);
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('are preloaded for the pages the build lists, in the head, and not for others', async () => {
    const order = await page('/order?status=unpaid');
    expect([order.statusCode, order.headers['content-type'], order.headers['cache-control']]).toEqual([200, 'text/html; charset=utf-8', 'no-cache']);
    expect(order.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/order-list-aaa111.js"><link rel="modulepreload" crossorigin href="/assets/signed-in-aaa111.js"><link rel="preload" as="style" crossorigin href="/assets/order-list-aaa111.css"></head>',
    );
    // The page's security headers are those of every page.
    expect(order.headers['content-security-policy']).toContain("script-src 'self'");

    expect((await page('/content-view/42')).body).toContain('<link rel="modulepreload" crossorigin href="/assets/content-view-aaa111.js">');
    for (const url of ['/billing', '/content-view/42/more', '/content-view/', '/orders']) {
      const other = await page(url);
      expect([other.statusCode, other.body.includes('modulepreload')], url).toEqual([200, false]);
    }
  });

  it('follow the build: a new one names its own files', async () => {
    expect((await page('/order')).body).toContain('/assets/order-list-aaa111.js');
    writeBuild('bbb222', new Date(start.getTime() + day));
    const order = await page('/order');
    expect(order.body).toContain('<link rel="modulepreload" crossorigin href="/assets/order-list-bbb222.js">');
    expect(order.body).not.toContain('aaa111');
  });

  it('are left out when the build has no list, and the page is sent as it is', async () => {
    writeBuild('ccc333', new Date(start.getTime() + 2 * day));
    fs.rmSync(path.join(dist, 'first-load.json'));
    const order = await page('/order');
    expect(order.statusCode).toBe(200);
    expect(order.body).toContain('/assets/index-ccc333.js');
    expect(order.body).not.toContain('modulepreload');
  });
});
