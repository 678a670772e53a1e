/**
 * The search statement of each shape alone, as the first shopper to search a term waits for it: run on the
 * bench's database through the local D1, which compiles every statement it runs, timed as D1 reports it
 * (`meta.duration`: compiling and running, not the trip). The page around it is timed by search.mjs.
 *
 *   tsx scripts/bench/measure/search-statements.ts <persist-to folder> <reps> <result file>
 */
import { writeFile } from "node:fs/promises";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { getPlatformProxy } from "wrangler";
import { planSearch } from "../../../app/lib/search-query";
import { slugify } from "../../../app/features/catalogue/product-view";
import { CARD_COLUMNS_SQL, normalizeSearch, SHOP_PAGE_SIZE } from "../../../app/models/product.server";
import { searchStatement } from "../../../app/models/product-search.server";
import { SEARCH_SHAPES } from "./search.mjs";
import { summarize } from "../stats.mjs";

const [persistTo, repsText, resultFile] = process.argv.slice(2);
const reps = Number(repsText);
if (!persistTo || !resultFile || !(reps > 0)) throw new Error("usage: <persist-to> <reps> <result file>");

const dialect = new SQLiteSyncDialect();
// wrangler's --persist-to DIR keeps its state in DIR/v3; getPlatformProxy wants that inner folder.
const proxy = await getPlatformProxy<{ DB: D1Database }>({ persist: { path: `${persistTo}/v3` } });
try {
  const categories = (
    await proxy.env.DB.prepare("SELECT DISTINCT category FROM products").all<{ category: string }>()
  ).results.map((row) => row.category);
  const shapes = [];
  for (const { shape, paths } of SEARCH_SHAPES) {
    const ms: number[] = [];
    for (const path of paths) {
      const url = new URL(path, "http://bench");
      const search = normalizeSearch(url.searchParams.get("q"));
      const plan = planSearch(search);
      if (plan.kind === "none") continue;
      const pageSize = Number(url.searchParams.get("limit") ?? SHOP_PAGE_SIZE);
      const page = Number(url.searchParams.get("page") ?? 1);
      const slug = /^\/categories\/([^/]+)/.exec(url.pathname)?.[1];
      const category = slug === undefined ? undefined : categories.find((name) => slugify(name) === slug);
      const built = dialect.sqlToQuery(
        searchStatement(plan, CARD_COLUMNS_SQL, {
          limit: pageSize + 1,
          offset: (page - 1) * pageSize,
          category,
        }),
      );
      const statement = proxy.env.DB.prepare(built.sql).bind(...built.params);
      await statement.all(); // warm-up: the database's pages in memory, as on a server in use
      for (let i = 0; i < reps; i++) ms.push((await statement.all()).meta.duration);
    }
    if (ms.length > 0) shapes.push({ shape, ...summarize(ms) });
  }
  await writeFile(resultFile, JSON.stringify(shapes));
} finally {
  await proxy.dispose();
}
