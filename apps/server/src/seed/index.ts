import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { payments, users, walletEntries } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { seedCatalog } from './catalog.js';

export const DEMO_PASSWORD = 'demopass123';

/** The demo accounts the README lists, written once into an empty database outside production. */
async function seedDemoAccounts(db: Database) {
  const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  if (n > 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const verified = new Date();
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({
        name: 'Avery Admin',
        email: 'admin@example.com',
        passwordHash,
        role: 'admin',
        emailVerifiedAt: verified,
        companyName: 'Copydesk',
        roleDesignation: 'Operations',
        loginCount: 2,
      })
      .returning({ id: users.id });
    const [agency] = await tx
      .insert(users)
      .values({
        name: 'Alex Agency',
        email: 'agency@example.com',
        passwordHash,
        role: 'agency',
        emailVerifiedAt: verified,
        companyName: 'Acme Media',
        roleDesignation: 'Founder',
        phoneNumber: '+14155550123',
        countryCode: 'US',
        address: '500 Market Street',
        city: 'San Francisco',
        state: 'California',
        stateId: 'US-CA',
        country: 'United States',
        countryId: 'US',
        zipCode: '94105',
        loginCount: 2,
      })
      .returning({ id: users.id });
    // Acme Media starts with $500.00 in the wallet it got on creation, credited by the admin like any top-up.
    const [payment] = await tx
      .insert(payments)
      .values({
        kind: 'topup',
        agencyId: agency!.id,
        userId: agency!.id,
        method: 'Admin',
        subtotalCents: 50000,
        amountCents: 50000,
        description: 'Opening balance',
        invoiceNumber: 'CD-DEMO-000001',
      })
      .returning({ id: payments.id });
    await tx.insert(walletEntries).values({
      agencyId: agency!.id,
      amountCents: 50000,
      balanceAfterCents: 0,
      kind: 'topup_admin',
      description: 'Opening balance',
      actorId: admin!.id,
      paymentId: payment!.id,
    });
    await tx.insert(users).values({
      name: 'Sam Associate',
      email: 'associate@example.com',
      passwordHash,
      role: 'associate',
      agencyId: agency!.id,
      emailVerifiedAt: verified,
      companyName: 'Acme Media',
      roleDesignation: 'Content Manager',
      loginCount: 2,
    });
  });
}

export interface SeedOptions {
  demo: boolean;
}

export async function seedDatabase(db: Database, options: SeedOptions) {
  await seedCatalog(db);
  if (options.demo) await seedDemoAccounts(db);
}

/** Used by tests that want a demo user's id. */
export async function demoUserId(db: Database, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no demo user ${email}`);
  return row.id;
}
