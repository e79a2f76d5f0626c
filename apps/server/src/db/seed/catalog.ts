import { inArray, sql } from 'drizzle-orm';
import { CATEGORIES } from '@copydesk/shared';
import type { Database } from '../client.js';
import { categories, productAddons, products, productWordCounts } from '../schema/index.js';
import { productSeeds } from './catalog-data.js';

/** Inserts the products and categories a database lacks (by name); existing rows are left as edited. */
export async function seedCatalog(db: Database) {
  // The usual start: everything is there already, and one query says so.
  const [present] = await db
    .select({
      products: sql<number>`(select count(*)::int from ${products} where ${inArray(products.name, productSeeds.map((p) => p.name))})`,
      categories: sql<number>`(select count(*)::int from ${categories} where ${inArray(categories.name, [...CATEGORIES])})`,
    })
    .from(sql`(select 1) as one`);
  if (Number(present?.products) === productSeeds.length && Number(present?.categories) === CATEGORIES.length) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(CATEGORIES.map((name, i) => ({ name, sortOrder: i })))
      .onConflictDoNothing();
    for (const [i, seed] of productSeeds.entries()) {
      const [product] = await tx
        .insert(products)
        .values({ name: seed.name, description: seed.description, sample: seed.sample, sortOrder: i })
        .onConflictDoNothing()
        .returning({ id: products.id });
      if (!product) continue;
      await tx.insert(productWordCounts).values(
        seed.tiers.map(([words, priceCents], j) => ({ productId: product.id, title: `${words} Words`, words, priceCents, sortOrder: j })),
      );
      await tx.insert(productAddons).values(seed.addons.map(([value, priceCents], j) => ({ productId: product.id, value, priceCents, sortOrder: j })));
    }
  });
}
