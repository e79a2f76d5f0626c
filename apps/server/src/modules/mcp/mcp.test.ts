import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages, contentMessages, DOCX_MIME, messages } from '@copydesk/shared';
import { users } from '../../db/schema/index.js';
import { makeDocx } from '../../test/docx.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test/harness.js';
import { fundedAgency, multipart, orderItem, placeOrder } from '../../test/helpers.js';

/**
 * The MCP endpoint (docs/decisions/0043-api-keys-and-mcp.md) driven by the SDK's own client over the
 * streamable HTTP transport, against a listening server: the tools act as the key's owner through
 * the REST calls' services, refusals come back as error results with the API's message, and only an
 * API key opens the endpoint.
 */

let t: TestApp;
let base: string;
let admin: string;
let funded: { token: string; id: number; key: string };
let broke: { token: string; id: number; key: string };
const clients: Client[] = [];

async function keyOf(token: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: bearer(token), payload: { name: 'Agent' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().key as string;
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await loginAs(t.app, 'admin@example.com');
  const a = await fundedAgency(t.app, t.db, admin, 500);
  funded = { ...a, key: await keyOf(a.token) };
  const b = await fundedAgency(t.app, t.db, admin, 0);
  broke = { ...b, key: await keyOf(b.token) };
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await t?.close();
});

async function connect(token: string) {
  const client = new Client({ name: 'copydesk-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', base), { requestInit: { headers: bearer(token) } }));
  clients.push(client);
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => ((result as CallToolResult).content[0] as { text: string }).text;
async function tool<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError ?? false, `${name}: ${textOf(result)}`).toBe(false);
  return JSON.parse(textOf(result)) as T;
}
async function refusedTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, `${name} should be refused: ${textOf(result)}`).toBe(true);
  return textOf(result);
}

function rest(token: string, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

describe('the MCP tools', () => {
  it('lists its tools, with input schemas from the shared contract', async () => {
    const client = await connect(funded.key);
    const { tools } = await client.listTools();
    expect(tools.map((tl) => tl.name).sort()).toEqual(
      ['approve_content', 'get_balance', 'get_content', 'get_order', 'list_orders', 'list_products', 'pay_order', 'place_order', 'request_revision'].sort(),
    );
    const schema = (name: string) =>
      tools.find((tl) => tl.name === name)!.inputSchema as { properties: Record<string, Record<string, unknown>>; required?: string[] };
    // The contract's own limits: the id parameter's bound, the list's status filter, the item fields.
    expect(schema('get_order').properties.id).toMatchObject({ type: 'integer', maximum: 2_147_483_647 });
    expect(schema('list_orders').properties.status!.enum).toEqual(expect.arrayContaining(['unpaid', 'pending_review']));
    expect(Object.keys(schema('place_order').properties.items!.items as object)).toContain('properties');
    expect(schema('request_revision').required).toEqual(expect.arrayContaining(['id', 'reasons', 'comment']));
  });

  it('places an order, pays it from the wallet, reads the delivered content and approves it, as the key’s owner', async () => {
    const client = await connect(funded.key);
    const products = await tool<{ data: { name: string }[] }>(client, 'list_products');
    expect(products.data.map((p) => p.name)).toContain('Blog Post');

    const { orderType, ...item } = orderItem({ articleTitle: 'Kelp farming for beginners' });
    const placed = await tool<{ order: { id: number } }>(client, 'place_order', { order_type: orderType, items: [item] });
    const orderId = placed.order.id;
    const listed = await tool<{ data: { id: number }[] }>(client, 'list_orders', { status: 'unpaid' });
    expect(listed.data.map((o) => o.id)).toContain(orderId);

    const before = (await tool<{ balance: number }>(client, 'get_balance')).balance;
    const paid = await tool<{ payment_id: number }>(client, 'pay_order', { id: orderId });
    expect(paid.payment_id).toBeGreaterThan(0);
    const after = (await tool<{ balance: number }>(client, 'get_balance')).balance;
    expect(after).toBeLessThan(before);
    // The same balance as the REST call answers the owner.
    expect((await rest(funded.token, 'GET', `/api/billing/getAvailableBalance/${funded.id}`)).json().balance).toBe(after);

    const order = await tool<{ content: { id: number }[] }>(client, 'get_order', { id: orderId });
    const itemId = order.content[0]!.id;
    const waiting = await tool<{ status: string; preview: string | null; revisions_left: number }>(client, 'get_content', { id: itemId });
    expect(waiting).toMatchObject({ status: 'Unassigned', preview: null });

    // Delivered by the fulfilment team (the admin) through the API.
    expect((await rest(admin, 'POST', `/api/content/${itemId}/assign`, {})).statusCode).toBe(200);
    const docx = multipart(
      {},
      { field: 'file', name: 'kelp.docx', type: DOCX_MIME, data: await makeDocx(['Kelp grows fast in cold water.', 'Start with a small line.']) },
    );
    const delivered = await rest(admin, 'POST', `/api/content/${itemId}/documents`, docx.payload, docx.headers);
    expect(delivered.statusCode, delivered.body).toBe(200);

    const review = await tool<{ status: string; preview: string; revisions_left: number }>(client, 'get_content', { id: itemId });
    expect(review.status).toBe('Pending Review');
    expect(review.preview).toBe('Kelp grows fast in cold water.\nStart with a small line.');
    expect(review.revisions_left).toBe(waiting.revisions_left);

    await tool(client, 'approve_content', { id: itemId });
    expect((await tool<{ status: string }>(client, 'get_content', { id: itemId })).status).toBe('Approved');
    expect((await rest(funded.token, 'GET', `/api/content/getStatusById/${itemId}`)).json().status).toBe('Approved');
  });

  it("refuses as the API does, with its message: another agency's order, a short balance, an item not in review, a bad brief", async () => {
    const client = await connect(broke.key);
    const foreign = await placeOrder(t.app, funded.token);
    const restAnswer = (await rest(broke.token, 'GET', `/api/order/getById/${foreign}`)).json();
    expect(await refusedTool(client, 'get_order', { id: foreign })).toBe(`${restAnswer.message} (${restAnswer.code})`);
    expect(await refusedTool(client, 'pay_order', { id: foreign })).toContain(`(${restAnswer.code})`);

    const own = await placeOrder(t.app, broke.token);
    expect(await refusedTool(client, 'pay_order', { id: own })).toContain(messages.balanceNotEnough);
    const order = (await rest(broke.token, 'GET', `/api/order/getById/${own}`)).json();
    const itemId = order.content[0].id as number;
    expect(await refusedTool(client, 'request_revision', { id: itemId, reasons: 'Grammar', comment: 'Fix the intro.' })).toContain(
      contentMessages.revisionNotAllowed,
    );
    const invalid = await refusedTool(client, 'request_revision', { id: itemId, reasons: 'Mood', comment: 'x' });
    expect(invalid).toContain(contentMessages.reasonInvalid);
    expect(await refusedTool(client, 'place_order', { order_type: 'Not a product', items: [{ articleTitle: 'x' }] })).toContain('(');
  });

  it("applies the owner's capabilities: an admin's key may not place or pay orders", async () => {
    const adminKey = await keyOf(admin);
    const client = await connect(adminKey);
    const { orderType, ...item } = orderItem();
    expect(await refusedTool(client, 'place_order', { order_type: orderType, items: [item] })).toBe(`${messages.forbidden} (auth.forbidden)`);
    expect(await refusedTool(client, 'pay_order', { id: 1 })).toBe(`${messages.forbidden} (auth.forbidden)`);
  });
});

describe('who may open the MCP endpoint', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
  };
  const post = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/mcp', headers: { accept: 'application/json, text/event-stream', ...headers }, payload: initialize });

  it('answers 401 with WWW-Authenticate without a key, with a session token, or with a revoked key', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: bearer(funded.token), payload: { name: 'Soon revoked' } });
    const revoked = created.json() as { id: number; key: string };
    expect((await post(bearer(revoked.key))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${revoked.id}`, headers: bearer(funded.token) })).statusCode).toBe(200);
    for (const [label, headers, message] of [
      ['no key', {}, apiKeyMessages.mcpKeyRequired],
      ['a session token', bearer(funded.token), apiKeyMessages.mcpKeyRequired],
      ['a revoked key', bearer(revoked.key), messages.unauthenticated],
    ] as const) {
      const res = await post(headers);
      expect([res.statusCode, res.json().code, res.json().message], label).toEqual([401, 'auth.unauthenticated', message]);
      expect(res.headers['www-authenticate'], label).toBe('Bearer realm="Copydesk MCP"');
    }
    await expect(connect(funded.token)).rejects.toThrow();
  });

  it('answers 405 to GET and DELETE (stateless: no event stream, no session)', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/mcp', headers: bearer(funded.key) });
      expect([res.statusCode, res.json().code, res.headers.allow], method).toEqual([405, 'mcp.method_not_allowed', 'POST']);
    }
  });

  it("refuses a deactivated owner's key as the API does", async () => {
    const agency = await fundedAgency(t.app, t.db, admin, 0);
    const key = await keyOf(agency.token);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, agency.id));
    const res = await post(bearer(key));
    expect([res.statusCode, res.json().message]).toEqual([403, messages.accountDeactivated]);
  });
});
