import { getTableColumns, type InferSelectModel, type Table } from "drizzle-orm";
import type { Database } from "./client.server";

/**
 * A Drizzle query as a plain D1 statement, for a batch made with `d1.batch([...])`: a write's batch can end
 * with the reads of what it wrote, so the caller has the result without another trip to D1.
 */
export function d1Statement(db: Database, query: { toSQL: () => { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  return db.$client.prepare(sql).bind(...params);
}

/**
 * The rows a plain D1 statement selected from one table (every column, as `db.select().from(table)` asks
 * for them: keyed by column name), as Drizzle maps them.
 */
export function rowsOf<T extends Table>(table: T, result: D1Result): InferSelectModel<T>[] {
  const columns = Object.entries(getTableColumns(table));
  return (result.results as Record<string, unknown>[]).map(
    (record) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = record[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as InferSelectModel<T>,
  );
}
