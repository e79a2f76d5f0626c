import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { createTestApp, type TestApp } from './test/harness.js';

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Copydesk</title><div id="root"></div>');
  fs.writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log("app")');
  const big = `console.log(${JSON.stringify('copydesk '.repeat(2000))});`;
  fs.writeFileSync(path.join(web, 'assets', 'big-abc123.js'), big);
  fs.writeFileSync(path.join(web, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(web, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(big));
  t = await createTestApp({ WEB_DIST_DIR: web });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('platform', () => {
  it('answers health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('publishes OpenAPI 3 generated from the route schemas, and a docs page', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.paths['/api/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(spec.paths['/api/register'].post.responses).toHaveProperty('201');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
  });

  it('sends security headers with a CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves index.html for client routes and real files for assets', async () => {
    for (const url of ['/', '/login', '/create/42', '/no/such/page?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toContain('console.log');
    // A hashed asset keeps the headers about itself and leaves the document policies to the page.
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const header of ['content-security-policy', 'x-frame-options', 'strict-transport-security', 'referrer-policy']) {
      expect(asset.headers[header], header).toBeUndefined();
    }
    // Cached for good, it is never revalidated: no validators or range support in its headers.
    for (const header of ['etag', 'last-modified', 'accept-ranges']) expect(asset.headers[header], header).toBeUndefined();
    const page = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    // The document is revalidated on every visit (no-cache), by its ETag.
    expect(page.headers.etag).toBeDefined();
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends the precompressed asset the browser accepts, with Content-Encoding', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('copydesk copydesk');
    expect(br.rawPayload.length).toBeLessThan(1000);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('copydesk copydesk');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(18_000);
    // One URL, three bodies: a shared cache must keep them apart.
    for (const res of [br, gz, plain]) expect(res.headers.vary).toContain('Accept-Encoding');
  });

  it('answers 404 JSON, never HTML, for unknown API paths and missing assets', async () => {
    for (const url of ['/api/nope', '/api', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 'request.not_found', message: messages.notFound });
    }
    expect((await t.app.inject({ method: 'POST', url: '/dashboard' })).statusCode).toBe(404);
  });

  it('answers an unsupported content type with 415 and a message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: '<email/>', headers: { 'content-type': 'application/xml' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toEqual(expect.any(String));
  });
});
