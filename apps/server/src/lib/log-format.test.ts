import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { loadConfig } from '../config.js';
import { prettyLogStream } from './log-format.js';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

/** The entries the app wrote about requests to `path`. */
const entriesAbout = (logs: string[], path: string) =>
  logs
    .flatMap((chunk) => chunk.split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string }; res?: unknown })
    .filter((entry) => entry.msg?.includes(path) || entry.req?.url?.startsWith(path) || (entry.msg === 'request completed' && entry.res));

describe('request logs', () => {
  it('are one line per request in the pretty format, with the token in a sign-in path redacted', async () => {
    testApp = await createTestApp({ LOG_FORMAT: 'pretty' });
    await testApp.app.inject({ method: 'GET', url: '/api/health' });
    await testApp.app.inject({ method: 'GET', url: '/api/getUserByToken/secret-sign-in-token' });
    const health = entriesAbout(testApp.logs, '/api/health');
    expect(health).toHaveLength(1);
    expect(health[0]!.msg).toMatch(/^GET \/api\/health 200 \d+\.\d ms$/);
    const token = entriesAbout(testApp.logs, '/api/getUserByToken');
    expect(token).toHaveLength(1);
    expect(token[0]!.msg).toMatch(/^GET \/api\/getUserByToken\/\[redacted\] \d{3} /);
    expect(testApp.logs.join('')).not.toContain('secret-sign-in-token');
  });

  it("keep Fastify's JSON entries in the json format", async () => {
    testApp = await createTestApp({ LOG_FORMAT: 'json' });
    await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const messages = testApp.logs.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => (JSON.parse(line) as { msg?: string }).msg);
    expect(messages).toContain('incoming request');
    expect(messages).toContain('request completed');
    expect(messages.some((msg) => msg?.startsWith('GET /api/health'))).toBe(false);
  });
});

describe('the pretty stream', () => {
  it('writes each entry on one line, without pid and hostname, uncoloured off a terminal', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += String(chunk)));
    const stream = await prettyLogStream(out);
    const entry = { level: 30, time: Date.UTC(2030, 0, 2, 3, 4, 5), pid: 4242, hostname: 'box', reqId: 'abc', msg: 'GET /api/order 200 3.1 ms' };
    stream.write(`${JSON.stringify(entry)}\n`);
    await expect.poll(() => text).toContain('GET /api/order 200 3.1 ms');
    expect(text.trimEnd().split('\n')).toHaveLength(1);
    expect(text).not.toContain('4242');
    expect(text).not.toContain('box');
    expect(text).not.toContain('\u001b[');
  });
});

describe('the log format setting', () => {
  it('is pretty in development and JSON in production and tests unless LOG_FORMAT says otherwise', () => {
    const base = { APP_KEY: 'k'.repeat(40) };
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ ...base, NODE_ENV: 'development', LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });
});
