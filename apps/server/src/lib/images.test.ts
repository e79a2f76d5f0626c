import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, uploadLimitMessages } from '@copydesk/shared';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../test/harness.js';
import { multipart } from '../test/helpers.js';

/** Profile pictures are re-encoded with sharp (lib/images.ts): no metadata, at most 4096 × 4096. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t.app, demo.agency);
});
afterAll(() => t?.close());

const upload = (data: Buffer, name = 'me.jpg', type = 'image/jpeg') => {
  const form = multipart({}, { field: 'file', name, type, data });
  return t.app.inject({ method: 'POST', url: '/api/updateProfilePic', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
};

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

/** A PNG whose header claims `width` × `height` but that holds one row of data: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const signature = Buffer.from('89504e470d0a1a0a', 'hex');
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), chunk('IEND', Buffer.alloc(0))]);
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

describe('POST /api/updateProfilePic re-encodes the picture', () => {
  it('stores a JPEG without its EXIF (GPS position, camera, copyright)', async () => {
    const photo = await solid(64, 48)
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Secret Studio', Make: 'SpyCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .toBuffer();
    // The fixture really carries the data the server must drop.
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes('SpyCam')).toBe(true);

    const res = await upload(photo);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.app.inject({ method: 'GET', url: res.json().user.profileImg });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    for (const text of ['SpyCam', 'Secret Studio', 'Exif']) expect(stored.rawPayload.includes(text), text).toBe(false);
  });

  it('applies the EXIF orientation to the pixels before dropping it', async () => {
    const sideways = await solid(60, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const res = await upload(sideways);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.app.inject({ method: 'GET', url: res.json().user.profileImg });
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ width: 20, height: 60 });
  });

  it('refuses a 5000 × 5000 picture with 422 on file, and a header claiming 60000 × 60000 before decoding it', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/getInfo', headers: bearer(token) })).json();
    const big = await solid(5000, 5000).png({ compressionLevel: 9 }).toBuffer();
    let res = await upload(big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'user.photo_dimensions_too_large',
      message: uploadLimitMessages.photoDimensions,
      errors: { file: [uploadLimitMessages.photoDimensions] },
    });

    // 3.6 billion pixels would be 3.6 GB decoded; the refusal comes from the header alone.
    const started = performance.now();
    res = await upload(pngClaiming(60_000, 60_000), 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [uploadLimitMessages.photoDimensions] });
    expect(performance.now() - started).toBeLessThan(1000);

    // Exactly 4096 on a side is allowed.
    expect((await upload(await solid(4096, 16).png().toBuffer(), 'wide.png', 'image/png')).statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/getInfo', headers: bearer(token) })).json();
    expect(after).not.toEqual(before);
  });

  it('still refuses what is not a picture, whatever its name or declared type, and a picture that does not decode', async () => {
    const cases: [Buffer, string, string][] = [
      [Buffer.from('just some text, honestly'), 'avatar.png', 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'avatar.jpg', 'image/jpeg'],
      // JPEG magic bytes, then noise: file-type says JPEG, the decoder says no.
      [
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'binary'), Buffer.alloc(64, 7)]),
        'me.jpg',
        'image/jpeg',
      ],
    ];
    for (const [data, name, type] of cases) {
      const res = await upload(data, name, type);
      expect(res.statusCode, name).toBe(422);
      expect(res.json(), name).toEqual({ code: 'user.photo_type_invalid', message: messages.photoType, errors: { file: [messages.photoType] } });
    }
  });
});
