import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs } from '../test/harness.js';
import { multipart } from '../test/helpers.js';
import { createStorage, type Storage, type StorageConfig } from './storage.js';

/**
 * One behavioural suite for both back ends. The S3 one runs against s3rver (a local S3-compatible
 * server) on a free loopback port, with the credentials s3rver accepts.
 */
const BUCKET = 'copydesk-test';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const KEY = /^profile\/[A-Za-z0-9_-]+\.png$/;

let s3rver: S3rver;
let s3rverDir: string;
let endpoint: string;
let s3: S3Client;
const diskDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-storage-'));

beforeAll(async () => {
  s3rverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-s3rver-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3rverDir });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  s3 = new S3Client({ endpoint, forcePathStyle: true, region: 'us-east-1', credentials });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
});

afterAll(async () => {
  s3?.destroy();
  await s3rver?.close();
  fs.rmSync(s3rverDir, { recursive: true, force: true });
  fs.rmSync(diskDir, { recursive: true, force: true });
});

const s3Config = (overrides: Partial<Extract<StorageConfig, { kind: 's3' }>> = {}): StorageConfig => ({
  kind: 's3',
  endpoint,
  bucket: BUCKET,
  region: 'us-east-1',
  ...credentials,
  prefix: 'suite/',
  ...overrides,
});

/** The objects under a prefix, straight from the bucket through the SDK. */
async function bucketKeys(prefix: string) {
  const res = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key!);
}

const backends: [string, () => Storage][] = [
  ['disk', () => createStorage({ kind: 'disk', dir: diskDir })],
  ['s3', () => createStorage(s3Config())],
];

describe.each(backends)('%s storage', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('reads back exactly the bytes it stored, small and 3 MB', async () => {
    for (const data of [Buffer.from('hello'), randomBytes(3 * 1024 * 1024), Buffer.alloc(0)]) {
      const key = await storage.put('profile', 'png', data);
      const back = await storage.read(key);
      expect(back).not.toBeNull();
      expect(back!.length).toBe(data.length);
      expect(back!.equals(data)).toBe(true);
    }
  });

  it('makes a new opaque <folder>/<random>.<ext> key on every put', async () => {
    const data = Buffer.from('same bytes');
    const [a, b] = [await storage.put('profile', 'png', data), await storage.put('profile', 'png', data)];
    expect(a).toMatch(KEY);
    expect(b).toMatch(KEY);
    expect(a).not.toBe(b);
    expect(await storage.put('documents', 'docx', data)).toMatch(/^documents\/[A-Za-z0-9_-]{24}\.docx$/);
  });

  it('refuses a folder or extension that would make an unreadable key', async () => {
    await expect(storage.put('../up', 'png', Buffer.from('x'))).rejects.toThrow(/invalid storage folder/);
    await expect(storage.put('profile', 'p/ng', Buffer.from('x'))).rejects.toThrow(/invalid storage folder/);
  });

  it('returns null for a missing or malformed key', async () => {
    expect(await storage.read('profile/doesnotexist123.png')).toBeNull();
    expect(await storage.read('other-folder/doesnotexist123.png')).toBeNull();
    const key = await storage.put('profile', 'png', Buffer.from('real'));
    for (const bad of ['', '../../etc/passwd', `${key}/..`, `/${key}`, `profile/../${key}`, 'profile/noext', 'Profile/abc.png', `${key}\n`]) {
      expect(await storage.read(bad), bad).toBeNull();
    }
    expect(await storage.exists!(key)).toBe(true);
    expect(await storage.exists!('profile/doesnotexist123.png')).toBe(false);
    expect(await storage.exists!('../x.png')).toBe(false);
  });

  it('forgets a removed file, and removing a missing or malformed key is fine', async () => {
    const key = await storage.put('profile', 'png', Buffer.from('short-lived'));
    const other = await storage.put('profile', 'png', Buffer.from('stays'));
    await storage.remove(key);
    expect(await storage.read(key)).toBeNull();
    expect(await storage.exists!(key)).toBe(false);
    expect((await storage.read(other))?.toString()).toBe('stays');
    await expect(storage.remove(key)).resolves.toBeUndefined();
    await expect(storage.remove('profile/neverthere.png')).resolves.toBeUndefined();
    await expect(storage.remove('../../etc/passwd')).resolves.toBeUndefined();
  });
});

describe('disk storage', () => {
  it('keeps files under its folder, and takes a bare folder as before', async () => {
    const data = randomBytes(100);
    const key = await createStorage(diskDir).put('activity', 'zip', data);
    expect(fs.readFileSync(path.join(diskDir, key)).equals(data)).toBe(true);
    expect((await createStorage({ kind: 'disk', dir: diskDir }).read(key))!.equals(data)).toBe(true);
  });
});

describe('s3 storage', () => {
  it('puts the object into the bucket under the prefix, with the same bytes', async () => {
    const storage = createStorage(s3Config({ prefix: 'tenant-a/files/' }));
    const data = randomBytes(4096);
    const key = await storage.put('documents', 'docx', data);
    expect(await bucketKeys('tenant-a/files/')).toEqual([`tenant-a/files/${key}`]);
    const res = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: `tenant-a/files/${key}` }));
    expect(Buffer.from(await res.Body!.transformToByteArray()).equals(data)).toBe(true);
    // Without the prefix the key names nothing: stores with other prefixes do not see each other.
    expect(await createStorage(s3Config({ prefix: '' })).read(key)).toBeNull();
    await storage.remove(key);
    expect(await bucketKeys('tenant-a/files/')).toEqual([]);
  });

  it('throws on S3 failures other than a missing key (here: no such bucket)', async () => {
    const storage = createStorage(s3Config({ bucket: 'no-such-bucket' }));
    await expect(storage.read('profile/abcdef.png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(storage.put('profile', 'png', Buffer.from('x'))).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('is what the app stores profile pictures in when FILE_STORAGE=s3', async () => {
    const t = await createTestApp({
      FILE_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_PREFIX: `app-${randomBytes(4).toString('hex')}`,
    });
    try {
      const prefix = (t.app.config.fileStorage as { prefix: string }).prefix;
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
      const token = await loginAs(t.app, demo.agency);
      const body = multipart({}, { field: 'file', name: 'me.png', type: 'image/png', data: png });
      const res = await t.app.inject({ method: 'POST', url: '/api/updateProfilePic', headers: { ...body.headers, ...bearer(token) }, payload: body.payload });
      expect(res.statusCode).toBe(200);
      const url = res.json().user.profileImg as string;
      const file = url.split('/').pop()!;

      expect(await bucketKeys(prefix)).toEqual([`${prefix}profile/${file}`]);
      expect(fs.existsSync(path.join(t.app.config.fileStorageDir, 'profile'))).toBe(false);

      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      // Re-encoded on upload (metadata stripped): the same picture, not the same bytes.
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    } finally {
      await t.close();
    }
  });
});
