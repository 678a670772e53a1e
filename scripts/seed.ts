/**
 * Seeds the local D1 and R2 that `wrangler dev` uses (.wrangler/state, or --persist-to DIR) with the demo
 * catalogue, once: an already seeded database is left alone.
 *
 *   npm run db:seed                         demo catalogue (120+ medicines with images)
 *   npm run db:seed -- --synthetic 100000   adds a large synthetic catalogue (benchmarks)
 *   npm run db:seed -- --persist-to DIR     another local state folder (the tests use their own)
 */
import { getPlatformProxy } from "wrangler";
import { CATALOGUE } from "./seed-data/catalogue";
import { productImage } from "./seed-data/product-image";
import { adminUpsertSql } from "./create-admin";
import { DEMO_ADMIN } from "./demo-admin";
import { hashPassword } from "../app/services/password.server";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const persistTo = option("persist-to");
const synthetic = Number(option("synthetic") ?? 0);

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);

async function main() {
  // wrangler's --persist-to DIR keeps its state in DIR/v3; getPlatformProxy wants that inner folder.
  const proxy = await getPlatformProxy<Env>({ persist: persistTo ? { path: `${persistTo}/v3` } : true });
  const { DB, IMAGES } = proxy.env;
  try {
    const existing = await DB.prepare("SELECT COUNT(*) AS n FROM products").first<{ n: number }>();
    if ((existing?.n ?? 0) === 0) {
      const statements: D1PreparedStatement[] = [];
      for (const product of CATALOGUE) {
        const key = `products/seed/${slug(product.name)}.webp`;
        await IMAGES.put(key, await productImage(product), { httpMetadata: { contentType: "image/webp" } });
        statements.push(
          DB.prepare("INSERT INTO products (name, category, price_kobo, image_key) VALUES (?, ?, ?, ?)").bind(
            product.name,
            product.category,
            Math.round(product.priceNaira * 100),
            key,
          ),
        );
      }
      await DB.batch(statements);
      console.log(`Seeded ${CATALOGUE.length} products with images.`);
    } else {
      console.log(`Catalogue already has ${existing?.n} products; not seeding.`);
    }
    if (synthetic > 0) await seedSynthetic(DB, synthetic);
    await seedDemoAdmin(DB);
  } finally {
    await proxy.dispose();
  }
}

/** Many plausible-looking products for benchmarks, reusing the demo images (no new uploads). */
async function seedSynthetic(DB: D1Database, count: number) {
  const strengths = ["5mg", "10mg", "20mg", "50mg", "100mg", "250mg", "500mg", "1g"];
  const packs = ["Tablets", "Capsules", "Syrup 100ml", "Suspension 60ml", "Cream 30g", "Injection 2ml"];
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const statements: D1PreparedStatement[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const base = CATALOGUE[i % CATALOGUE.length];
      const name = `${base.name.split(" ")[0]} ${strengths[i % strengths.length]} ${packs[i % packs.length]} #${i + 1}`;
      statements.push(
        DB.prepare("INSERT INTO products (name, category, price_kobo, image_key) VALUES (?, ?, ?, ?)").bind(
          name,
          base.category,
          50_000 + ((i * 7919) % 2_000_000),
          `products/seed/${slug(base.name)}.webp`,
        ),
      );
    }
    await DB.batch(statements);
  }
  console.log(`Added ${count} synthetic products.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/** The demo admin exists on every local start (recreated if it was deleted); its password is printed. */
async function seedDemoAdmin(DB: D1Database) {
  const existing = await DB.prepare("SELECT role FROM users WHERE email = ?")
    .bind(DEMO_ADMIN.email)
    .first<{ role: string }>();
  if (existing?.role !== "admin") {
    const passwordHash = await hashPassword(DEMO_ADMIN.password);
    await DB.prepare(
      adminUpsertSql({
        id: crypto.randomUUID(),
        name: DEMO_ADMIN.name,
        email: DEMO_ADMIN.email,
        passwordHash,
      }),
    ).run();
  }
  console.log(`Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
}
