import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { productAddons, products, productWordCounts } from '../db/schema/index.js';
import { seedCatalog } from './catalog.js';
import { productSeeds } from './catalog-data.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ url: 'memory:', dataDir: '' });
}, 60_000);
afterAll(() => handle?.close());

/** Each product with its tiers and add-ons, as the seed data writes them. */
async function catalogue() {
  const { db } = handle;
  const rows = await db.select({ id: products.id, name: products.name, sortOrder: products.sortOrder }).from(products).orderBy(asc(products.sortOrder));
  return Promise.all(
    rows.map(async (product) => ({
      name: product.name,
      sortOrder: product.sortOrder,
      tiers: (await db.select().from(productWordCounts).where(eq(productWordCounts.productId, product.id)).orderBy(asc(productWordCounts.sortOrder))).map(
        (tier) => [tier.words, tier.priceCents, tier.title],
      ),
      addons: (await db.select().from(productAddons).where(eq(productAddons.productId, product.id)).orderBy(asc(productAddons.sortOrder))).map((addon) => [
        addon.value,
        addon.priceCents,
      ]),
    })),
  );
}

const expected = productSeeds.map((seed, i) => ({
  name: seed.name,
  sortOrder: i,
  tiers: seed.tiers.map(([words, priceCents]) => [words, priceCents, `${words} Words`]),
  addons: seed.addons.map(([value, priceCents]) => [value, priceCents]),
}));

describe('seedCatalog', () => {
  it('writes every product with its own tiers and add-ons into an empty database', async () => {
    await seedCatalog(handle.db);
    expect(await catalogue()).toEqual(expected);
  });

  it('adds back a deleted product with its tiers, and leaves the others as edited', async () => {
    const [first, second] = productSeeds;
    await handle.db.delete(products).where(eq(products.name, second!.name));
    await handle.db.update(products).set({ sortOrder: 99 }).where(eq(products.name, first!.name));
    await seedCatalog(handle.db);
    const after = await catalogue();
    expect(after.find((p) => p.name === second!.name)).toEqual(expected[1]);
    expect(after.find((p) => p.name === first!.name)?.sortOrder).toBe(99);
    expect(after).toHaveLength(productSeeds.length);
  });
});
