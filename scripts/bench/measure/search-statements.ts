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
import { slugify } from "../../../app/features/catalogue/product-view";
import {
  CARD_COLUMNS_SQL,
  normalizeSearch,
  searchPageStatement,
  SHOP_PAGE_SIZE,
} from "../../../app/models/product.server";
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
      const slug = /^\/categories\/([^/]+)/.exec(url.pathname)?.[1];
      const page = searchPageStatement(
        {
          search: normalizeSearch(url.searchParams.get("q")),
          page: Number(url.searchParams.get("page") ?? 1),
          pageSize: Number(url.searchParams.get("limit") ?? SHOP_PAGE_SIZE),
          category: slug === undefined ? undefined : categories.find((name) => slugify(name) === slug),
        },
        CARD_COLUMNS_SQL,
      );
      if (!page) continue;
      const built = dialect.sqlToQuery(page.statement);
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
