import { inArray, sql } from 'drizzle-orm';
import { CATEGORIES } from '@copydesk/shared';
import type { Database } from '../db/client.js';
import { categories, productAddons, products, productWordCounts } from '../db/schema/index.js';
import { productSeeds } from './catalog-data.js';

/** Inserts the products and categories a database lacks (by name); existing rows are left as edited. */
export async function seedCatalog(db: Database) {
  // The usual start: everything is there already, and one query says so.
  const [present] = await db
    .select({
      products: sql<number>`(select count(*)::int from ${products} where ${inArray(
        products.name,
        productSeeds.map((p) => p.name),
      )})`,
      categories: sql<number>`(select count(*)::int from ${categories} where ${inArray(categories.name, [...CATEGORIES])})`,
    })
    .from(sql`(select 1) as one`);
  if (Number(present?.products) === productSeeds.length && Number(present?.categories) === CATEGORIES.length) return;
  // A new database: four statements for the whole catalogue, not three per product (a first start
  // waits for each of them).
  await db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(CATEGORIES.map((name, i) => ({ name, sortOrder: i })))
      .onConflictDoNothing();
    const added = await tx
      .insert(products)
      .values(productSeeds.map((seed, i) => ({ name: seed.name, description: seed.description, sample: seed.sample, sortOrder: i })))
      .onConflictDoNothing()
      .returning({ id: products.id, name: products.name });
    // Only products this call created get their tiers and add-ons; existing ones are left as edited.
    const idByName = new Map(added.map((product) => [product.name, product.id]));
    const created = productSeeds.flatMap((seed) => {
      const productId = idByName.get(seed.name);
      return productId === undefined ? [] : [{ productId, seed }];
    });
    const tiers = created.flatMap(({ productId, seed }) =>
      seed.tiers.map(([words, priceCents], j) => ({ productId, title: `${words} Words`, words, priceCents, sortOrder: j })),
    );
    const addons = created.flatMap(({ productId, seed }) => seed.addons.map(([value, priceCents], j) => ({ productId, value, priceCents, sortOrder: j })));
    if (tiers.length > 0) await tx.insert(productWordCounts).values(tiers);
    if (addons.length > 0) await tx.insert(productAddons).values(addons);
  });
}
