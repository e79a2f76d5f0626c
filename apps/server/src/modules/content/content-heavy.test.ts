import zlib, { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { vi, afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { contentMessages, DOCX_MIME } from '@copydesk/shared';
import { documents, orderItems, offerCredits } from '../../db/schema/index.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { makeDocx } from '../../test/docx.js';
import { multipart, orderItem, placeOrder, signInTenants, type Tenant } from '../../test/helpers.js';
import { attachmentHeader, readableFileName } from './docx.js';

/**
 * Heavy documents (docs/decisions/0030-documents-in-worker-processes.md), through the API of an app
 * with low limits: a conversion over its time is refused, a preview over its cap is refused, the
 * stored preview is served compressed with a validator, exports are limited per agency, and file
 * names lose bidirectional controls.
 */

let t: TestApp;
let tok: Record<Tenant, string>;

const TIMEOUT_MS = 1_500;
const PREVIEW_MAX_BYTES = 4_096;

beforeAll(async () => {
  t = await createTestApp({
    DOCUMENT_TIMEOUT_MS: String(TIMEOUT_MS),
    DOCUMENT_PREVIEW_MAX_BYTES: String(PREVIEW_MAX_BYTES),
    EXPORTS_PER_AGENCY: '1',
  });
  const signedIn = await signInTenants(t.app, t.db);
  tok = signedIn.tok;
  await t.db.insert(offerCredits).values({ agencyId: signedIn.ids.agencyA, amountCents: 0 }).onConflictDoNothing();
  const credit = await call('admin', 'POST', '/api/billing/addBalance', {
    paymentInfo: { balanceByAdmin: true, agency: signedIn.ids.agencyA, balance: 5000, description: 'Test credit' },
  });
  expect(credit.statusCode, credit.body).toBe(200);
});
afterAll(() => t?.close());

function call(who: Tenant, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...bearer(tok[who]), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A paid order of `titles` for agency A, every item taken by the admin; returns the order and item ids. */
async function itemsInProgress(titles: string[]) {
  const orderId = await placeOrder(
    t.app,
    tok.agencyA,
    titles.map((articleTitle) => orderItem({ articleTitle })),
  );
  const paid = await call('agencyA', 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } });
  expect(paid.statusCode, paid.body).toBe(200);
  const itemIds = (await call('agencyA', 'GET', `/api/order/getById/${orderId}`)).json().content.map((c: { id: number }) => c.id) as number[];
  for (const id of itemIds) expect((await call('admin', 'POST', `/api/content/${id}/assign`, {})).statusCode).toBe(200);
  return { orderId, itemIds };
}

function upload(itemId: number, data: Buffer) {
  const body = multipart({}, { field: 'file', name: 'delivery.docx', type: DOCX_MIME, data });
  return call('admin', 'POST', `/api/content/${itemId}/documents`, body.payload, body.headers);
}

const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i} of a long but ordinary article.`);

async function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(buffer, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z!))));
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (e, stream) => {
        if (e) return reject(e);
        const chunks: Buffer[] = [];
        stream!
          .on('data', (c: Buffer) => chunks.push(c))
          .on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
      }),
    );
    zip.on('end', resolve).on('error', reject);
    zip.readEntry();
  });
  return out;
}

describe('delivering heavy documents', () => {
  it('refuses a document whose conversion outlasts the time limit, on file, and stores nothing', async () => {
    const { itemIds } = await itemsInProgress(['Too slow']);
    const res = await upload(itemIds[0]!, await makeDocx(paragraphs(150_000)));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'content.docx_too_slow', errors: { file: [contentMessages.docxTooSlow] } });
    expect(await t.db.select().from(documents).where(eq(documents.itemId, itemIds[0]!))).toHaveLength(0);
    // The pool has its worker again, and an ordinary document goes through.
    expect((await upload(itemIds[0]!, await makeDocx(['Short and quick.']))).statusCode).toBe(200);
  });

  it('refuses a document whose preview is over the cap, on file', async () => {
    const { itemIds } = await itemsInProgress(['Too long']);
    const res = await upload(itemIds[0]!, await makeDocx(paragraphs(200)));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'content.preview_too_large', errors: { file: [contentMessages.previewTooLarge] } });
    expect((await call('admin', 'GET', `/api/content/getStatusById/${itemIds[0]}`)).json().status).toBe('In Progress');
  });
});

describe('the stored preview', () => {
  it('is stored once, compressed, and served with its validator, 304 and Content-Encoding', async () => {
    const { itemIds } = await itemsInProgress(['Previewed']);
    const item = itemIds[0]!;
    expect((await upload(item, await makeDocx(['# Heading', 'Body text.']))).statusCode).toBe(200);
    const [row] = await t.db.select().from(documents).where(eq(documents.itemId, item));
    expect(row!.previewHtml).toBeNull();
    expect(JSON.parse(brotliDecompressSync(row!.previewBr!).toString())).toEqual({ html: '<h1>Heading</h1><p>Body text.</p>' });

    const br = await call('agencyA', 'GET', `/api/content/${item}/preview`, undefined, { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toMatch(/\bprivate\b/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    // The stored bytes, sent as they are.
    expect(Buffer.compare(br.rawPayload, row!.previewBr!)).toBe(0);
    const etag = br.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    // A client without brotli gets the same answer decompressed.
    const plain = await call('agencyA', 'GET', `/api/content/${item}/preview`, undefined, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ html: '<h1>Heading</h1><p>Body text.</p>' });
    expect(plain.headers.etag).toBe(etag);

    const again = await call('agencyA', 'GET', `/api/content/${item}/preview`, undefined, { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Another tenant learns nothing from a validator.
    expect((await call('agencyB', 'GET', `/api/content/${item}/preview`, undefined, { 'if-none-match': etag })).statusCode).toBe(404);

    // A new version is a new validator.
    const revised = await call('agencyA', 'POST', `/api/content/revision/${item}`, { reason: 'Grammar', detailedReason: 'Fix the heading.', linkagent_id: 1 });
    expect(revised.statusCode, revised.body).toBe(200);
    expect((await call('admin', 'POST', `/api/content/${item}/assign`, {})).statusCode).toBe(200);
    expect((await upload(item, await makeDocx(['# Heading, fixed']))).statusCode).toBe(200);
    const newer = await call('agencyA', 'GET', `/api/content/${item}/preview`, undefined, { 'if-none-match': etag });
    expect(newer.statusCode).toBe(200);
    expect(newer.json().html).toBe('<h1>Heading, fixed</h1>');
  });

  it('serves a preview stored as plain HTML before compression, and compresses it once', async () => {
    const { itemIds } = await itemsInProgress(['Delivered long ago']);
    const item = itemIds[0]!;
    expect((await upload(item, await makeDocx(['Today.']))).statusCode).toBe(200);
    // As a document delivered before migration 0021 was stored.
    await t.db.update(documents).set({ previewHtml: '<p>Stored before.</p>', previewBr: null }).where(eq(documents.itemId, item));
    const first = await call('agencyA', 'GET', `/api/content/${item}/preview`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ html: '<p>Stored before.</p>' });
    const [row] = await t.db.select().from(documents).where(eq(documents.itemId, item));
    expect(row!.previewHtml).toBeNull();
    expect(JSON.parse(brotliDecompressSync(row!.previewBr!).toString())).toEqual({ html: '<p>Stored before.</p>' });
  });
});

describe('exports', () => {
  it('streams the zip, and refuses a second export of the same agency while one runs, with 429 and Retry-After', async () => {
    const { orderId, itemIds } = await itemsInProgress(['Exported one', 'Exported two']);
    const files = [await makeDocx(['First file.']), await makeDocx(['Second file.'])];
    for (const [i, id] of itemIds.entries()) expect((await upload(id, files[i]!)).statusCode).toBe(200);

    // The first export stops at its first file until released.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const read = t.app.storage.read.bind(t.app.storage);
    const spy = vi.spyOn(t.app.storage, 'read').mockImplementationOnce(async (key) => {
      await gate;
      return read(key);
    });
    try {
      const first = call('agencyA', 'GET', `/api/order/${orderId}/export`);
      await expect.poll(() => spy.mock.calls.length).toBeGreaterThan(0);
      // The associate counts against the same agency.
      const second = await call('associateA', 'GET', `/api/order/${orderId}/export`);
      expect(second.statusCode).toBe(429);
      expect(second.json()).toMatchObject({ code: 'content.export_busy', message: contentMessages.exportBusy });
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
      release();
      const done = await first;
      expect(done.statusCode, done.body).toBe(200);
      const entries = await unzip(done.rawPayload);
      expect(Buffer.compare(entries.get(`${itemIds[0]}-Exported one.docx`)!, files[0]!)).toBe(0);
      expect(Buffer.compare(entries.get(`${itemIds[1]}-Exported two.docx`)!, files[1]!)).toBe(0);
    } finally {
      spy.mockRestore();
    }
    // Its place is free again once the answer has ended.
    expect((await call('associateA', 'GET', `/api/order/${orderId}/export`)).statusCode).toBe(200);
  });
  it("checksums each entry with Node's native crc32, off JavaScript (patches/yazl+3.3.1.patch)", async () => {
    const { orderId, itemIds } = await itemsInProgress(['Checksummed']);
    const file = await makeDocx(['A document whose checksum the zip carries.']);
    expect((await upload(itemIds[0]!, file)).statusCode).toBe(200);
    const native = vi.spyOn(zlib, 'crc32');
    try {
      const exported = await call('agencyA', 'GET', `/api/order/${orderId}/export`);
      expect(exported.statusCode, exported.body).toBe(200);
      expect(native).toHaveBeenCalled();
      const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
        yauzl.fromBuffer(exported.rawPayload, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z!))),
      );
      const entry = await new Promise<yauzl.Entry>((resolve) => {
        zip.once('entry', resolve);
        zip.readEntry();
      });
      zip.close();
      native.mockRestore();
      expect(entry.crc32).toBe(zlib.crc32(file));
    } finally {
      native.mockRestore();
    }
  });
});

describe('file names', () => {
  const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
  const anyBidi = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

  it('lose every bidirectional control, with the other unsafe characters', () => {
    for (const c of BIDI) {
      const name = readableFileName(7, `invoice${c}xcod.exe`, '-v1');
      expect(name).toBe('7-invoice xcod.exe-v1.docx');
    }
    expect(readableFileName(7, '\u202eAll\u2066 of\u200f them / and\\more:*?"<>|\u0007\u0085')).toBe('7-All of them and more.docx');
    const header = attachmentHeader(`12-report\u202excod.docx`);
    expect(header).not.toMatch(anyBidi);
    expect(decodeURIComponent(header)).not.toMatch(anyBidi);
    expect(header).toContain('filename="12-report xcod.docx"');
  });

  it('lose them in downloads and exports of titles that hold them', async () => {
    const { orderId, itemIds } = await itemsInProgress(['Placeholder']);
    const item = itemIds[0]!;
    // Stored as an older client could have (the title is not re-validated on the way out).
    await t.db.update(orderItems).set({ articleTitle: 'Summary\u202Excod.exe\u2066' }).where(eq(orderItems.id, item));
    expect((await upload(item, await makeDocx(['Named.']))).statusCode).toBe(200);
    const download = await call('agencyA', 'GET', `/api/content/download/${item}`);
    expect(download.statusCode, download.body).toBe(200);
    const disposition = download.headers['content-disposition'] as string;
    expect(decodeURIComponent(disposition)).not.toMatch(anyBidi);
    expect(decodeURIComponent(disposition)).toContain(`${item}-Summary xcod.exe-v1.docx`);
    const exported = await call('agencyA', 'GET', `/api/order/${orderId}/export`);
    expect(exported.statusCode).toBe(200);
    expect([...(await unzip(exported.rawPayload)).keys()]).toEqual([`${item}-Summary xcod.exe.docx`]);
  });
});
