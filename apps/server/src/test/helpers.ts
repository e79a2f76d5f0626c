import { eq, sql } from 'drizzle-orm';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { DEMO_PASSWORD } from '../seed/index.js';
import { bearer, loginAs } from './harness.js';

let counter = 0;
/** A unique address per call, so tests in one file never collide. */
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.org`;
}

export function signUpPayload(overrides: Record<string, unknown> = {}) {
  return {
    sign: {
      name: 'Ada Lovelace',
      email: uniqueEmail('ada'),
      company_name: 'Analytical Engines',
      role_designation: 'Founder',
      contact_number: '+447911123456',
      password: 'correct horse',
      confirmPassword: 'correct horse',
      termsandcondition: true,
      countryCode: 'GB',
      utms: { utm_source: 'newsletter', utm_campaign: 'launch' },
      ...overrides,
    },
  };
}

/** The newest outbox email to an address, through the dev outbox API. */
export async function latestEmailTo(app: App, to: string) {
  const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  const mail = (res.json().data as { to: string; subject: string; text: string; html: string }[]).find((m) => m.to === to);
  return mail ?? null;
}

export function linkIn(text: string, pattern: RegExp): string {
  const match = text.match(pattern);
  if (!match) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return match[0];
}

/** Signs up and verifies through the API; returns the email. */
export async function createVerifiedAgency(app: App, overrides: Record<string, unknown> = {}) {
  const payload = signUpPayload(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/register', payload });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const mail = await latestEmailTo(app, payload.sign.email);
  const url = new URL(linkIn(mail!.text, /http\S+\/api\/email\/verify\/\S+/));
  await app.inject({ method: 'GET', url: url.pathname });
  return { email: payload.sign.email, password: payload.sign.password, name: payload.sign.name };
}

export async function userIdByEmail(db: Database, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** A multipart/form-data body for app.inject, with text fields and at most one file. */
export function multipart(fields: Record<string, string>, file?: { field: string; name: string; type: string; data: Buffer }) {
  const boundary = `----copydesk${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A complete Blog Post item ($28.00 at 500 words, +$10.00 with SEO). */
export function orderItem(overrides: Record<string, unknown> = {}) {
  return {
    orderType: 'Blog Post',
    wordCount: { word: '500 Words' },
    addOns: null,
    category: 'Technology',
    articleTitle: 'Ten ways to ship faster',
    project_name: 'Acme blog',
    about_company: 'We make rockets',
    target_audience: 'Engineers',
    purpose: 'Informative',
    writing_tone: 'Casual',
    publish_medium: 'Own Website',
    ...overrides,
  };
}

/** Places an unpaid order through the API and returns its id. */
export async function placeOrder(app: App, token: string, items = [orderItem()]) {
  const res = await app.inject({ method: 'POST', url: '/api/order/create', payload: { articlesData: items }, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`order failed: ${res.body}`);
  return res.json().order.id as number;
}

/** Every row of every table as text: what a database dump would hold. */
export async function databaseText(db: Database): Promise<string> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] } | { table_name: string }[];
  const names = ('rows' in tables ? tables.rows : tables).map((r) => r.table_name);
  let text = '';
  for (const name of names) {
    const res = (await db.execute(sql.raw(`select coalesce(string_agg(t::text, E'\\n'), '') as dump from "${name}" t`))) as unknown as
      { rows: { dump: string }[] } | { dump: string }[];
    text += ('rows' in res ? res.rows : res)[0]?.dump ?? '';
  }
  return text;
}

export type Tenant = 'admin' | 'agencyA' | 'associateA' | 'agencyB';

/**
 * The role matrix most API tests need: the demo admin, agency A (Acme Media) and its associate,
 * and a second verified agency B. Returns a bearer token and user id for each.
 */
export async function signInTenants(app: App, db: Database, agencyB: Record<string, unknown> = { company_name: 'Bravo Studio' }) {
  const b = await createVerifiedAgency(app, agencyB);
  const tok: Record<Tenant, string> = {
    admin: await loginAs(app, 'admin@example.com'),
    agencyA: await loginAs(app, 'agency@example.com'),
    associateA: await loginAs(app, 'associate@example.com'),
    agencyB: await loginAs(app, b.email, b.password),
  };
  const ids: Record<Tenant, number> = {
    admin: await userIdByEmail(db, 'admin@example.com'),
    agencyA: await userIdByEmail(db, 'agency@example.com'),
    associateA: await userIdByEmail(db, 'associate@example.com'),
    agencyB: await userIdByEmail(db, b.email),
  };
  return { tok, ids, agencyB: b };
}

/** A new-card payment payload for the sandbox gateway (4242… succeeds). */
export function cardPayload(overrides: Record<string, unknown> = {}) {
  return {
    nameOnCard: 'Alex Agency',
    cardNumber: '4242 4242 4242 4242',
    cardCvc: '123',
    month: '04',
    year: String(new Date().getUTCFullYear() + 2),
    address: '500 Market Street',
    country: 'United States',
    state: 'California',
    city: 'San Francisco',
    zipCode: '94105',
    ...overrides,
  };
}

/**
 * Every caller an endpoint's access tests walk through (docs/decisions/0011-tenancy-and-roles.md),
 * with a second associate of agency A, to show that associates do not see each other's orders and
 * payments.
 */
export type MatrixRole = Tenant | 'associateA2' | 'associateB' | 'deactivated' | 'associateOfDeactivated';

async function insertAssociate(db: Database, agencyId: number, name: string) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const [row] = await db
    .insert(users)
    .values({ name, email, role: 'associate', agencyId, passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

/**
 * `signInTenants` plus a second associate of agency A, an associate of agency B, a signed-in user
 * who has since been deactivated (status 0 set behind the session's back, so the token still exists
 * and must be refused), and a signed-in associate whose agency has been deactivated. `visitor` is
 * simply no token.
 */
export async function signInRoleMatrix(app: App, db: Database) {
  const base = await signInTenants(app, db);
  const associateA2 = await insertAssociate(db, base.ids.agencyA, 'Dan Associate');
  const associateB = await insertAssociate(db, base.ids.agencyB, 'Bea Associate');
  const deactivatedAgency = await createVerifiedAgency(app, { company_name: 'Closed Shop' });
  const deactivatedAgencyId = await userIdByEmail(db, deactivatedAgency.email);
  const orphan = await insertAssociate(db, deactivatedAgencyId, 'Olly Orphan');
  const deactivated = await insertAssociate(db, base.ids.agencyA, 'Dee Deactivated');
  const tok: Record<MatrixRole, string> = {
    ...base.tok,
    associateA2: await loginAs(app, associateA2.email),
    associateB: await loginAs(app, associateB.email),
    deactivated: await loginAs(app, deactivated.email),
    associateOfDeactivated: await loginAs(app, orphan.email),
  };
  const ids: Record<MatrixRole, number> = {
    ...base.ids,
    associateA2: associateA2.id,
    associateB: associateB.id,
    deactivated: deactivated.id,
    associateOfDeactivated: orphan.id,
  };
  await db.update(users).set({ status: 0 }).where(eq(users.id, deactivated.id));
  await db.update(users).set({ status: 0 }).where(eq(users.id, deactivatedAgencyId));
  return { tok, ids, agencyB: base.agencyB, deactivatedAgencyId };
}

/**
 * A new verified agency, signed in, with `dollars` credited to its wallet by the admin whose token
 * is `adminToken` (nothing credited for 0). Returns its token and user id.
 */
export async function fundedAgency(app: App, db: Database, adminToken: string, dollars: number, description = 'Test credit') {
  const account = await createVerifiedAgency(app);
  const token = await loginAs(app, account.email, account.password);
  const id = await userIdByEmail(db, account.email);
  if (dollars > 0) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/billing/addBalance',
      headers: bearer(adminToken),
      payload: { paymentInfo: { balanceByAdmin: true, agency: id, balance: dollars, description } },
    });
    if (res.statusCode !== 200) throw new Error(`crediting the agency answered ${res.statusCode}: ${res.body}`);
  }
  return { token, id };
}

/** The lifecycle's main road, each step a move item_transitions allows (migration 0017). */
const MAIN_ROAD = ['Unpaid', 'Unassigned', 'In Progress', 'Pending Review', 'Approved'] as const;

/**
 * Walks live items straight to `status` along the main road with raw updates, one legal step at a
 * time (the database refuses a jump), for tests that need an item in some state without going
 * through payment and delivery. `where` picks the items: an order's, or some ids.
 */
export async function walkItemsTo(db: Database, where: { orderId: number } | { itemIds: number[] }, status: (typeof MAIN_ROAD)[number]) {
  const which = 'orderId' in where ? sql`order_id = ${where.orderId}` : sql`id = any(${`{${where.itemIds.join(',')}}`}::integer[])`;
  for (let i = 1; i <= MAIN_ROAD.indexOf(status); i += 1) {
    await db.execute(sql`update order_items set status = ${MAIN_ROAD[i]} where ${which} and deleted_at is null and status = ${MAIN_ROAD[i - 1]}`);
  }
}
