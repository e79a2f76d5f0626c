import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { hashPassword } from '../../lib/passwords.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { createVerifiedAgency } from '../../test/helpers.js';
import { usersRepository } from './users.repository.js';

let t: TestApp;
let tok: { admin: string; agency: string; associate: string; agencyB: string };

beforeAll(async () => {
  t = await createTestApp();
  const b = await createVerifiedAgency(t.app, { company_name: 'bravo studio', name: 'Bea Bravo' });
  // Sorting: by company (case-insensitive), by name when there is none.
  const passwordHash = await hashPassword(demo.password);
  await usersRepository.insert(t.db, { name: 'Zed Zulu', email: 'zed@example.org', role: 'agency', companyName: 'Zulu Words', passwordHash, status: 0 });
  await usersRepository.insert(t.db, { name: 'Carl Nocompany', email: 'carl@example.org', role: 'agency', companyName: '  ', passwordHash });
  tok = {
    admin: await loginAs(t.app, demo.admin),
    agency: await loginAs(t.app, demo.agency),
    associate: await loginAs(t.app, demo.associate),
    agencyB: await loginAs(t.app, b.email, b.password),
  };
});
afterAll(() => t?.close());

const get = (token: string | null, role: string) =>
  t.app.inject({ method: 'GET', url: `/api/user/getuserbyrole/${role}`, headers: token ? bearer(token) : {} });

describe('GET /api/user/getuserbyrole/{role}', () => {
  it('lists the agencies for the admin pickers, by company then name', async () => {
    const res = await get(tok.admin, 'agency');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { id: number; name: string; email: string; company_name: string | null; status: number }[];
    expect(data.map((u) => u.name)).toEqual(['Alex Agency', 'Bea Bravo', 'Carl Nocompany', 'Zed Zulu']);
    expect(data[0]).toEqual({ id: expect.any(Number), name: 'Alex Agency', email: demo.agency, company_name: 'Acme Media', status: 1 });
    expect(data[3]).toMatchObject({ email: 'zed@example.org', status: 0 });
    for (const u of data) expect(Object.keys(u).sort()).toEqual(['company_name', 'email', 'id', 'name', 'status']);
  });

  it('lists associates and admins too', async () => {
    expect((await get(tok.admin, 'associate')).json().data.map((u: { email: string }) => u.email)).toEqual([demo.associate]);
    expect((await get(tok.admin, 'admin')).json().data.map((u: { email: string }) => u.email)).toEqual([demo.admin]);
  });

  it('is for admins only', async () => {
    for (const token of [tok.agency, tok.associate, tok.agencyB]) {
      const res = await get(token, 'agency');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(messages.forbidden);
      expect((await get(token, 'nonsense')).statusCode).toBe(403);
    }
    expect((await get(null, 'agency')).statusCode).toBe(401);
  });

  it('refuses unknown roles with 422', async () => {
    for (const role of ['agencies', 'AGENCY', 'x'.repeat(250), '%00', '1']) expect((await get(tok.admin, role)).statusCode, role).toBe(422);
  });
});
