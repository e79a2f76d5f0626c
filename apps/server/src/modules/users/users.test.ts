import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, PROFILE_PIC_MAX_BYTES, userMessages } from '@copydesk/shared';
import { hashPassword } from '../../lib/passwords.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { usersRepository } from './users.repository.js';

let t: TestApp;
const tokens = {} as Record<'admin' | 'agency' | 'associate' | 'associate2' | 'otherAgency' | 'otherAssociate', string>;
const ids = {} as Record<keyof typeof tokens, number>;

/** A second agency with its own associate, plus a second associate of Acme Media. */
async function addUser(email: string, role: 'agency' | 'associate', agencyId: number | null, companyName: string) {
  const user = await usersRepository.insert(t.db, {
    name: email.split('@')[0]!,
    email,
    role,
    agencyId,
    companyName,
    passwordHash: await hashPassword(demo.password),
    emailVerifiedAt: new Date(),
  });
  return user.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ['admin', 'agency', 'associate'] as const) {
    tokens[key] = await loginAs(t.app, demo[key]);
    ids[key] = (await usersRepository.findByEmail(t.db, demo[key]))!.id;
  }
  ids.otherAgency = await addUser('other-agency@example.com', 'agency', null, 'Globex Words');
  ids.otherAssociate = await addUser('other-associate@example.com', 'associate', ids.otherAgency, 'Globex Words');
  ids.associate2 = await addUser('second-associate@example.com', 'associate', ids.agency, 'Acme Media');
  tokens.otherAgency = await loginAs(t.app, 'other-agency@example.com');
  tokens.otherAssociate = await loginAs(t.app, 'other-associate@example.com');
  tokens.associate2 = await loginAs(t.app, 'second-associate@example.com');
});
afterAll(() => t.close());

const post = (url: string, token: string | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as object });

const getInfo = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/getInfo', headers: bearer(token) })).json().user;

const contact = {
  name: '  Alex Agency-Smith ',
  phoneNumber: '+1 415 555 0199',
  countryCode: 'US',
  company_name: 'Acme Media Group',
  role_designation: 'Managing Director',
  address: '1 Ferry Building',
  city: 'San Francisco',
  state: 'California',
  state_id: 'US-CA',
  country: 'United States',
  country_id: 'US',
  zipCode: '94111',
};

describe('POST /api/update/updateInfo (Contact Information)', () => {
  it('saves an agency’s contact information and answers with the updated user', async () => {
    const res = await post('/api/update/updateInfo', tokens.agency, contact);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(messages.profileUpdated);
    expect(body.user).toMatchObject({
      id: ids.agency,
      name: 'Alex Agency-Smith',
      phoneNumber: '+14155550199',
      countryCode: 'US',
      company_name: 'Acme Media Group',
      role_designation: 'Managing Director',
      address: '1 Ferry Building',
      city: 'San Francisco',
      state: 'California',
      state_id: 'US-CA',
      country: 'United States',
      country_id: 'US',
      zipCode: '94111',
      group: 'Acme Media Group',
    });
    expect(await getInfo(tokens.agency)).toMatchObject({ name: 'Alex Agency-Smith', zipCode: '94111', phoneNumber: '+14155550199' });
  });

  it('lets an admin save its own contact information', async () => {
    const res = await post('/api/update/updateInfo', tokens.admin, {
      ...contact,
      name: 'Avery Admin',
      phoneNumber: '+44 20 7946 0958',
      countryCode: 'GB',
      state_id: 'GB-ENG',
      state: 'England',
      country_id: 'GB',
      country: 'United Kingdom',
      zipCode: 'EC1A',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: ids.admin, phoneNumber: '+442079460958', countryCode: 'GB', state_id: 'GB-ENG' });
  });

  it('refuses associates (they have no Contact Information tab) and visitors', async () => {
    const before = await getInfo(tokens.associate);
    const res = await post('/api/update/updateInfo', tokens.associate, contact);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.forbidden);
    expect(await getInfo(tokens.associate)).toEqual(before);
    expect((await post('/api/update/updateInfo', null, contact)).statusCode).toBe(401);
  });

  it('names every missing required field with the spec’s message and changes nothing', async () => {
    const before = await getInfo(tokens.agency);
    const res = await post('/api/update/updateInfo', tokens.agency, { name: '   ', address: 'Somewhere' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe(messages.requiredFields);
    for (const field of ['phoneNumber', 'state', 'city', 'zipCode', 'country', 'name', 'company_name', 'role_designation']) {
      expect(body.errors[field], field).toEqual([messages.requiredFields]);
    }
    expect(body.errors.address).toBeUndefined();
    expect(await getInfo(tokens.agency)).toEqual(before);
  });

  it('checks each required field on its own', async () => {
    for (const field of ['phoneNumber', 'state', 'city', 'zipCode', 'country', 'name', 'company_name', 'role_designation'] as const) {
      const res = await post('/api/update/updateInfo', tokens.agency, { ...contact, [field]: '' });
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors), field).toEqual([field]);
    }
  });

  it('refuses a phone number that cannot exist', async () => {
    for (const phoneNumber of ['+1 555 0100', '12345', 'call me', '+999 123 456 789']) {
      const res = await post('/api/update/updateInfo', tokens.agency, { ...contact, phoneNumber });
      expect(res.statusCode, phoneNumber).toBe(422);
      expect(res.json().errors).toEqual({ phoneNumber: [messages.phoneInvalid] });
    }
  });

  it('reads a national number in the phone input’s country', async () => {
    const res = await post('/api/update/updateInfo', tokens.agency, { ...contact, phoneNumber: '(415) 555-0142', countryCode: 'US' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.phoneNumber).toBe('+14155550142');
  });

  it('takes a postal code of any country as typed, up to 10 letters, digits, spaces and hyphens', async () => {
    for (const zipCode of ['CA12 5AB', 'K1A 0B1', '1234 AB', '12345-6789']) {
      const res = await post('/api/update/updateInfo', tokens.agency, { ...contact, zipCode });
      expect(res.statusCode, zipCode).toBe(200);
      expect(res.json().user.zipCode).toBe(zipCode);
    }
    for (const zipCode of ['12345-67890', 'CA12_5AB', '94105;']) {
      const res = await post('/api/update/updateInfo', tokens.agency, { ...contact, zipCode });
      expect(res.statusCode, zipCode).toBe(422);
      expect(res.json().errors).toEqual({ zipCode: [messages.zipCodeInvalid] });
    }
  });

  it('takes a typed city for a state without a city list, trimmed', async () => {
    const res = await post('/api/update/updateInfo', tokens.agency, {
      ...contact,
      country: 'United Kingdom',
      country_id: 'GB',
      state: 'Cumbria',
      state_id: 'GB-CMA',
      city: '  Carlisle ',
      zipCode: 'CA12 5AB',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ country_id: 'GB', state_id: 'GB-CMA', state: 'Cumbria', city: 'Carlisle', zipCode: 'CA12 5AB' });
  });

  it('refuses a country or state that is not in the lists', async () => {
    let res = await post('/api/update/updateInfo', tokens.agency, { ...contact, country_id: 'XX' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ country_id: [messages.countryUnknown] });
    res = await post('/api/update/updateInfo', tokens.agency, { ...contact, state_id: 'AU-WA' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ state_id: [messages.stateUnknown] });
    res = await post('/api/update/updateInfo', tokens.agency, { ...contact, state_id: 'US-ZZ' });
    expect(res.json().errors).toEqual({ state_id: [messages.stateUnknown] });
  });

  it('answers malformed bodies with 4xx, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/update/updateInfo',
      headers: { ...bearer(tokens.agency), 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    const wrongTypes = await post('/api/update/updateInfo', tokens.agency, { ...contact, phoneNumber: 4155550199, name: ['x'] });
    expect(wrongTypes.statusCode).toBe(422);
  });
});

describe('POST /api/update/updateUserInfo (edit a user)', () => {
  const edit = (token: string, sign: Record<string, unknown>) => post('/api/update/updateUserInfo', token, { sign });

  it('edits the caller when no id is given', async () => {
    const res = await edit(tokens.associate, { name: 'Sam Associate-Lee', role_designation: 'Editor', zipCode: '10001' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.success);
    expect(res.json().user).toMatchObject({ id: ids.associate, name: 'Sam Associate-Lee', role_designation: 'Editor', zipCode: '10001' });
    expect(await getInfo(tokens.associate)).toMatchObject({ name: 'Sam Associate-Lee', company_name: 'Acme Media' });
  });

  it('lets an agency edit its own associate, by userId or user_id', async () => {
    let res = await edit(tokens.agency, { userId: ids.associate, name: 'Sam A.', phoneNumber: '+1 212 555 0187' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: ids.associate, name: 'Sam A.', phoneNumber: '+12125550187' });
    res = await edit(tokens.agency, { user_id: String(ids.associate2), name: 'Second Associate' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: ids.associate2, name: 'Second Associate' });
    expect(await getInfo(tokens.associate2)).toMatchObject({ name: 'Second Associate' });
  });

  it('leaves fields that were not sent as they were, and clears fields sent empty', async () => {
    await edit(tokens.associate, { name: 'Sam A.', address: '10 Main St', city: 'New York' });
    const res = await edit(tokens.associate, { name: 'Sam A.', address: '' });
    expect(res.json().user).toMatchObject({ address: null, city: 'New York' });
  });

  it('hides other agencies’ users from an agency (404) and changes nothing', async () => {
    for (const target of [ids.otherAgency, ids.otherAssociate, ids.admin]) {
      const res = await edit(tokens.agency, { userId: target, name: 'Hijacked' });
      expect(res.statusCode, String(target)).toBe(404);
      expect(res.json().message).toBe(messages.notFound);
    }
    expect(await getInfo(tokens.otherAgency)).toMatchObject({ name: 'other-agency' });
    expect(await getInfo(tokens.otherAssociate)).toMatchObject({ name: 'other-associate' });
  });

  it('lets an associate edit only itself', async () => {
    for (const target of [ids.agency, ids.associate2, ids.otherAssociate, ids.admin]) {
      const res = await edit(tokens.associate, { userId: target, name: 'Hijacked' });
      expect(res.statusCode, String(target)).toBe(404);
    }
    expect(await getInfo(tokens.agency)).not.toMatchObject({ name: 'Hijacked' });
    expect(await getInfo(tokens.associate2)).toMatchObject({ name: 'Second Associate' });
    expect((await edit(tokens.associate, { userId: ids.associate, name: 'Sam Again' })).statusCode).toBe(200);
  });

  it('lets an admin edit anyone', async () => {
    const res = await edit(tokens.admin, { userId: ids.otherAssociate, name: 'Edited By Admin', company_name: 'Globex' });
    expect(res.statusCode).toBe(200);
    expect(await getInfo(tokens.otherAssociate)).toMatchObject({ name: 'Edited By Admin', company_name: 'Globex' });
  });

  it('answers 404 for a user that does not exist', async () => {
    expect((await edit(tokens.admin, { userId: 999_999, name: 'Nobody' })).statusCode).toBe(404);
  });

  it('requires a name and a sensible id', async () => {
    let res = await edit(tokens.agency, { userId: ids.associate, name: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'validation.failed', message: messages.requiredFields, errors: { 'sign.name': [messages.requiredFields] } });
    res = await post('/api/update/updateUserInfo', tokens.agency, {});
    expect(res.statusCode).toBe(422);
    for (const userId of ['abc', -3, 1.5, 99_999_999_999]) {
      res = await edit(tokens.admin, { userId, name: 'X' });
      expect(res.statusCode, String(userId)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['sign.userId']);
    }
  });

  it('checks the phone number and the zip code', async () => {
    let res = await edit(tokens.agency, { name: 'Alex', phoneNumber: '+1 555' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'sign.phoneNumber': [messages.phoneInvalid] });
    res = await edit(tokens.agency, { name: 'Alex', zipCode: '12345-67890' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'sign.zipCode': [messages.zipCodeInvalid] });
  });

  it('refuses visitors', async () => {
    expect((await post('/api/update/updateUserInfo', null, { sign: { name: 'X' } })).statusCode).toBe(401);
  });
});

/** A 1×1 PNG, and real JPEG and WebP pictures (the server decodes and re-encodes every upload). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const picture = (format: 'jpeg' | 'webp') => {
  const image = sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return (format === 'jpeg' ? image.jpeg() : image.webp()).toBuffer();
};
let JPEG: Buffer;
const webp = () => picture('webp');
beforeAll(async () => {
  JPEG = await picture('jpeg');
});

function multipart(parts: { field: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----copydesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string | null, parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/updateProfilePic',
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
};
const uploadFile = (token: string, data: Buffer | string, filename = 'me.png', type = 'image/png') => upload(token, [{ field: 'file', filename, type, data }]);

const storedPictures = () => {
  const dir = path.join(t.app.config.fileStorageDir, 'profile');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('POST /api/updateProfilePic and GET /api/profile-pictures/:file', () => {
  it('stores a PNG and serves it back, without a bearer, with its type and a long cache', async () => {
    const res = await uploadFile(tokens.agency, PNG);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.photoUpdated);
    const url = res.json().user.profileImg as string;
    expect(url).toMatch(/^\/api\/profile-pictures\/[A-Za-z0-9_-]+\.png$/);
    expect((await getInfo(tokens.agency)).profileImg).toBe(url);

    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    // Re-encoded (metadata stripped), so the same picture rather than the same bytes.
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('judges the type by the bytes: a JPEG named .png is stored and served as JPEG, WebP as WebP', async () => {
    let res = await uploadFile(tokens.associate, JPEG, 'photo.png', 'image/png');
    expect(res.statusCode).toBe(200);
    let image = await t.app.inject({ method: 'GET', url: res.json().user.profileImg });
    expect(res.json().user.profileImg).toMatch(/\.jpg$/);
    expect(image.headers['content-type']).toBe('image/jpeg');

    res = await uploadFile(tokens.associate, await webp(), 'photo', 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    image = await t.app.inject({ method: 'GET', url: res.json().user.profileImg });
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('refuses a text file named .png, an SVG and a GIF, keeping the current picture', async () => {
    const before = (await getInfo(tokens.agency)).profileImg;
    const files = storedPictures().length;
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    for (const [data, name, type] of [
      ['just some text, honestly', 'avatar.png', 'image/png'],
      [svg, 'avatar.svg', 'image/svg+xml'],
      [gif, 'avatar.gif', 'image/gif'],
    ] as const) {
      const res = await uploadFile(tokens.agency, data, name, type);
      expect(res.statusCode, name).toBe(422);
      expect(res.json()).toEqual({ code: 'user.photo_type_invalid', message: messages.photoType, errors: { file: [messages.photoType] } });
    }
    expect((await getInfo(tokens.agency)).profileImg).toBe(before);
    expect(storedPictures().length).toBe(files);
  });

  it('refuses a picture over 5 MB, and one over the 10 MB upload limit, with the size message', async () => {
    const justOver = Buffer.concat([PNG, Buffer.alloc(PROFILE_PIC_MAX_BYTES + 1 - PNG.length)]);
    let res = await uploadFile(tokens.agency, justOver);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [messages.photoTooLarge] });

    const exactly = Buffer.concat([PNG, Buffer.alloc(PROFILE_PIC_MAX_BYTES - PNG.length)]);
    expect((await uploadFile(tokens.agency, exactly)).statusCode).toBe(200);

    res = await uploadFile(tokens.agency, Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [messages.photoTooLarge] });
  });

  it('asks for a file when there is none, it is empty, or it is in another field', async () => {
    const cases = [
      await upload(tokens.agency, [{ field: 'photo', filename: 'me.png', type: 'image/png', data: PNG }]),
      await upload(tokens.agency, [{ field: 'name', data: 'just a field' }]),
      await upload(tokens.agency, [{ field: 'file', filename: 'empty.png', type: 'image/png', data: Buffer.alloc(0) }]),
      await post('/api/updateProfilePic', tokens.agency, { file: PNG.toString('base64') }),
      await t.app.inject({ method: 'POST', url: '/api/updateProfilePic', headers: bearer(tokens.agency) }),
      await t.app.inject({
        method: 'POST',
        url: '/api/updateProfilePic',
        headers: { ...bearer(tokens.agency), 'content-type': 'multipart/form-data; boundary=nothing-here' },
        payload: 'garbage without the boundary',
      }),
    ];
    for (const [i, res] of cases.entries()) {
      expect(res.statusCode, `case ${i}: ${res.body}`).toBe(422);
      expect(res.json().errors, `case ${i}`).toEqual({ file: [messages.photoMissing] });
    }
  });

  it('deletes the previous picture when a new one replaces it', async () => {
    const first = (await uploadFile(tokens.associate2, PNG)).json().user.profileImg as string;
    const files = storedPictures();
    expect(files).toContain(first.split('/').pop());
    const second = (await uploadFile(tokens.associate2, JPEG, 'me.jpg', 'image/jpeg')).json().user.profileImg as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect(storedPictures()).not.toContain(first.split('/').pop());
    expect(storedPictures().length).toBe(files.length);
  });

  it('refuses visitors', async () => {
    const res = await upload(null, [{ field: 'file', filename: 'me.png', type: 'image/png', data: PNG }]);
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for unknown or malformed picture names', async () => {
    for (const name of ['AAAAAAAAAAAAAAAAAAAAAAAA.png', 'x.png', '..%2F..%2Fpackage.json', 'AAAAAAAAAAAAAAAAAAAAAAAA.svg', '%2e%2e']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/profile-pictures/${name}` });
      expect(res.statusCode, name).toBe(404);
    }
  });

  it('documents the profile calls in OpenAPI', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/update/updateInfo', '/api/update/updateUserInfo', '/api/updateProfilePic', '/api/profile-pictures/{file}']),
    );
  });
});

describe('POST /api/update/onboarding (onboarding shown once)', () => {
  const onboardingOf = async (key: keyof typeof tokens) => (await getInfo(tokens[key])).onboarding;

  it('starts with nothing done', async () => {
    expect(await onboardingOf('otherAssociate')).toEqual({ welcome_guide_closed: false, offer_banner_dismissed: false });
  });

  it.each(['admin', 'agency', 'associate'] as const)('lets the %s mark its own steps, and nobody else’s', async (role) => {
    const others = (Object.keys(tokens) as (keyof typeof tokens)[]).filter((key) => key !== role);
    const before = Object.fromEntries(await Promise.all(others.map(async (key) => [key, await onboardingOf(key)])));

    const closed = await post('/api/update/onboarding', tokens[role], { step: 'welcome_guide_closed' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().user).toMatchObject({ id: ids[role], onboarding: { welcome_guide_closed: true } });
    const dismissed = await post('/api/update/onboarding', tokens[role], { step: 'offer_banner_dismissed' });
    expect(dismissed.json().user.onboarding).toEqual({ welcome_guide_closed: true, offer_banner_dismissed: true });
    // Kept on the server: a fresh sign-in (another browser) reads it.
    const again = await loginAs(t.app, demo[role]);
    expect((await getInfo(again)).onboarding).toEqual({ welcome_guide_closed: true, offer_banner_dismissed: true });

    // Naming another user is refused, not applied to them.
    const victim = role === 'associate' ? ids.associate2 : ids.otherAgency;
    for (const body of [
      { step: 'welcome_guide_closed', user_id: victim },
      { step: 'welcome_guide_closed', userId: victim },
    ]) {
      const refused = await post('/api/update/onboarding', tokens[role], body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'validation.failed', message: userMessages.onboardingStepUnknown });
    }
    for (const key of others) expect(await onboardingOf(key)).toEqual(before[key]);
  });

  it('keeps the time a step was first done', async () => {
    await post('/api/update/onboarding', tokens.associate2, { step: 'offer_banner_dismissed' });
    const first = (await usersRepository.findById(t.db, ids.associate2))!.offerBannerDismissedAt;
    await post('/api/update/onboarding', tokens.associate2, { step: 'offer_banner_dismissed' });
    expect((await usersRepository.findById(t.db, ids.associate2))!.offerBannerDismissedAt).toEqual(first);
    expect(first).not.toBeNull();
  });

  it('refuses an unknown step or no step with a message, and a visitor with 401', async () => {
    for (const body of [{}, { step: 'everything' }, { step: 'WELCOME_GUIDE_CLOSED' }]) {
      const res = await post('/api/update/onboarding', tokens.otherAgency, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation.failed', message: userMessages.onboardingStepUnknown });
    }
    expect(await onboardingOf('otherAgency')).toEqual({ welcome_guide_closed: false, offer_banner_dismissed: false });
    expect((await post('/api/update/onboarding', null, { step: 'welcome_guide_closed' })).statusCode).toBe(401);
  });
});
