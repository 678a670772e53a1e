/**
 * Local D1 state folders with a known catalogue size, made with the project's own migrations and seed
 * script, and kept between runs: seeding 100,000 products through the local D1 takes minutes.
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { bin, ROOT, run } from "./processes.mjs";
import { errorMessage, formatCount } from "./stats.mjs";

/**
 * `wrangler d1 <args>` on the local D1 of a state folder.
 * @param {string} persistTo
 * @param {string[]} args
 */
export function d1(persistTo, args) {
  return run(bin("wrangler"), ["d1", ...args, "--local", "--persist-to", persistTo]);
}

/**
 * First row of a query on the local D1 of a state folder, or undefined when it fails (e.g. no table yet).
 * @param {string} persistTo
 * @param {string} sql
 * @returns {Promise<Record<string, unknown> | undefined>}
 */
export async function queryRow(persistTo, sql) {
  const { code, output } = await d1(persistTo, ["execute", "DB", "--json", "--command", sql]);
  if (code !== 0) return undefined;
  try {
    return JSON.parse(output.slice(output.indexOf("["), output.lastIndexOf("]") + 1))?.[0]?.results?.[0];
  } catch {
    return undefined;
  }
}

/**
 * Number of products in a state folder, or 0 when the folder or the table does not exist yet.
 * @param {string} persistTo
 */
async function countProducts(persistTo) {
  const n = (await queryRow(persistTo, "SELECT COUNT(*) AS n FROM products"))?.n;
  return typeof n === "number" ? n : 0;
}

/** Synthetic products of scripts/seed.ts are named "… #<n>", n counting from 1. */
const SYNTHETIC = `name GLOB '*#[0-9]*' AND rtrim(name, '0123456789') LIKE '%#'`;
const NUMBER = `CAST(substr(name, length(rtrim(name, '0123456789')) + 1) AS INTEGER)`;

/**
 * @param {string} persistTo
 * @returns {Promise<{ have: number, highest: number }>} how many synthetic products, and the highest number
 */
async function syntheticProducts(persistTo) {
  const row = await queryRow(
    persistTo,
    `SELECT COUNT(*) AS s, MAX(${NUMBER}) AS m FROM products WHERE ${SYNTHETIC}`,
  );
  return { have: Number(row?.s ?? 0), highest: Number(row?.m ?? 0) };
}

/**
 * Completes a partly seeded folder in SQL: copies of the synthetic products already there, renumbered to
 * continue the sequence, so names, categories and prices keep the seed's mix. Used only when the seed
 * script stopped part-way (see {@link prepareCatalogue}).
 * @param {string} persistTo
 * @param {number} synthetic
 * @returns {Promise<number>} products added
 */
async function topUp(persistTo, synthetic) {
  let added = 0;
  for (;;) {
    const { have, highest } = await syntheticProducts(persistTo);
    const missing = synthetic - have;
    if (missing <= 0) return added;
    if (have === 0) throw new Error("no synthetic products to copy from");
    const take = Math.min(missing, have);
    const { code, output } = await d1(persistTo, [
      "execute",
      "DB",
      "--command",
      `INSERT INTO products (name, category, price_kobo, image_key, generic_name, medicine_class, also_known_as) ` +
        `SELECT rtrim(name, '0123456789') || (${NUMBER} + ${highest}), category, price_kobo, image_key, ` +
        `generic_name, medicine_class, also_known_as ` +
        `FROM products WHERE ${SYNTHETIC} ORDER BY id LIMIT ${take}`,
    ]);
    if (code !== 0) throw new Error(`SQL top-up failed:\n${output}`);
    added += take;
  }
}

/** @param {string} persistTo */
async function migrate(persistTo) {
  const { code, output } = await d1(persistTo, ["migrations", "apply", "DB"]);
  if (code !== 0) throw new Error(`migrations failed:\n${output}`);
}

/**
 * `wrangler dev --persist-to DIR` keeps its data in DIR/v3. The seed script passes DIR/v3 to
 * getPlatformProxy itself; an older one passed DIR as given and had to be handed DIR/v3. Whichever form
 * does not fit finds no tables and fails at once, and the other is tried.
 * @param {string} persistTo
 * @param {number} synthetic
 * @param {(message: string) => void} log
 */
async function seed(persistTo, synthetic, log) {
  const heartbeat = (/** @type {number} */ ms) => log(`  …still seeding (${Math.round(ms / 1000)} s)`);
  let last = "";
  for (const target of [persistTo, path.join(persistTo, "v3")]) {
    const { code, output } = await run(
      bin("tsx"),
      ["scripts/seed.ts", "--persist-to", target, "--synthetic", String(synthetic)],
      { heartbeat },
    );
    if (code === 0) return;
    last = output;
    if (!/no such table/i.test(output)) break;
  }
  throw new Error(`seeding failed:\n${last}`);
}

/**
 * Makes `persistTo` hold the demo catalogue plus `synthetic` generated products, reusing it when it already
 * holds a suitable number, and logs how it went.
 *
 * The seed script goes through getPlatformProxy, which makes a synchronous call per DB.prepare; on a busy
 * machine those calls trip over a race inside miniflare ("AssertionError … fetch-sync.ts") after some tens
 * of thousands of rows. Its batches are atomic, so a folder it leaves part-way is consistent: rather than
 * seeding again for minutes (and maybe crashing again), the rest is added in SQL by {@link topUp}.
 * @param {{ persistTo: string, synthetic: number, accept: (count: number) => boolean, fresh?: boolean,
 *           log: (message: string) => void }} options
 * @returns {Promise<{ count: number, reused: boolean, toppedUp: number, seconds: number }>}
 */
export async function prepareCatalogue({ persistTo, synthetic, accept, fresh = false, log }) {
  const started = Date.now();
  const done = (/** @type {number} */ count, /** @type {boolean} */ reused, toppedUp = 0) => {
    const seconds = (Date.now() - started) / 1000;
    const how = reused
      ? "reused"
      : toppedUp
        ? `seeded, ${formatCount(toppedUp)} of them by SQL top-up`
        : "seeded";
    log(`  ${formatCount(count)} products (${how}, ${seconds.toFixed(0)} s)`);
    return { count, reused, toppedUp, seconds };
  };
  const absolute = path.resolve(ROOT, persistTo);
  if (fresh && existsSync(absolute)) await rm(absolute, { recursive: true, force: true });
  // Always applied: cheap when up to date, and a cached folder picks up new migrations.
  await migrate(persistTo);
  let count = await countProducts(persistTo);
  if (accept(count)) return done(count, true);

  if (count >= synthetic) {
    log(`  ${persistTo} holds ${count} products, more than wanted: starting it over`);
    await rm(absolute, { recursive: true, force: true });
    await migrate(persistTo);
    count = 0;
  }
  // The seed script skips the demo catalogue when products exist, so it also completes a folder that has
  // the demo products only.
  if (count === 0 || (await syntheticProducts(persistTo)).have === 0) {
    log(
      `  seeding ${persistTo}: demo catalogue + ${synthetic.toLocaleString("en-US")} synthetic products (cached for next runs)`,
    );
    try {
      await seed(persistTo, synthetic, log);
    } catch (error) {
      const reason = errorMessage(error)
        .split("\n")
        .find((line) => /Error/.test(line));
      log(`  the seed script stopped part-way (${(reason ?? "unknown error").trim()})`);
    }
    count = await countProducts(persistTo);
  }
  let toppedUp = 0;
  if (!accept(count)) {
    log(
      `  ${persistTo} holds ${count} products: adding the rest in SQL (renumbered copies of the synthetic ones)`,
    );
    toppedUp = await topUp(persistTo, synthetic);
    count = await countProducts(persistTo);
  }
  if (!accept(count)) throw new Error(`${persistTo} holds ${count} products (expected about ${synthetic})`);
  return done(count, false, toppedUp);
}
