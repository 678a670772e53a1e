/**
 * Reads of one request that go to D1 together, in one round trip.
 *
 * A page's loaders run side by side (root, layout, tab), yet each used to wait on a trip of its own: the
 * session lookup, then the tab's query. A read handed to the request's `read` waits until the loaders have
 * all started (the next timer turn), and every read queued by then goes in one `D1Database.batch()`, which
 * runs them in order as one transaction. A trip to D1 is the largest fixed cost of a signed-in page: in
 * production the database is far from most of our shoppers' edge.
 *
 * Reads only: a batch is all-or-nothing, so when it fails each read runs again on its own, and an error
 * reaches only the caller whose statement caused it.
 */
import { is, SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

const dialect = new SQLiteAsyncDialect();

/** A statement already in text, as a Drizzle query's `toSQL()` answers it (built once, bound many times). */
export type BuiltQuery = { sql: string; params: unknown[] };

/**
 * Runs one SELECT (drizzle's `sql` template, or a statement already built) in this request's next batch;
 * answers its rows as objects, keyed by column name.
 */
export type BatchedRead = <Row>(query: SQL | BuiltQuery) => Promise<Row[]>;

type Queued = {
  statement: D1PreparedStatement;
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
};

export function createBatchedRead(d1: D1Database): BatchedRead {
  let queued: Queued[] = [];

  const alone = (read: Queued) =>
    read.statement.all().then(
      (result) => read.resolve(result.results),
      (error: unknown) => read.reject(error),
    );

  const flush = async () => {
    const reads = queued;
    queued = [];
    if (reads.length === 1) return alone(reads[0]!);
    let results: D1Result[];
    try {
      results = await d1.batch(reads.map((read) => read.statement));
    } catch {
      await Promise.all(reads.map(alone));
      return;
    }
    reads.forEach((read, i) => read.resolve(results[i]!.results));
  };

  return <Row>(query: SQL | BuiltQuery) =>
    new Promise<Row[]>((resolve, reject) => {
      // `is`, not instanceof: the Worker's entry and the Remix build each bundle their own copy of Drizzle.
      const { sql, params } = is(query, SQL) ? dialect.sqlToQuery(query) : query;
      queued.push({
        statement: d1.prepare(sql).bind(...params),
        resolve: resolve as (rows: unknown[]) => void,
        reject,
      });
      if (queued.length === 1) setTimeout(() => void flush(), 0);
    });
}
