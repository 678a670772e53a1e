/**
 * The catalogue's version (drizzle/0010: triggers move it on every write to products), and what this isolate
 * keeps of the catalogue while that version holds.
 *
 * The version an isolate last read is trusted for `ttlMs` (config CATALOGUE_VERSION_TTL_MS): reading it from
 * D1 on every guest page would cost more than the rest of a page from the edge cache. A write handled by
 * this isolate forgets it at once (forgetCatalogueVersion), so whoever changed the catalogue sees the change
 * on their next page; other isolates within `ttlMs`.
 */

/** One primary-key lookup with a statement D1 can reuse. */
export async function readCatalogueVersion(d1: D1Database): Promise<string> {
  const row = await d1
    .prepare("SELECT version FROM catalogue_version WHERE id = 1")
    .first<{ version: number }>();
  if (!row) throw new Error("catalogue_version has no row: are the migrations applied?");
  return String(row.version);
}

let knownVersion: { value: Promise<string>; until: number } | undefined;

/** The version this isolate trusts now: read again once `ttlMs` has passed since the last read. */
export function catalogueVersion(d1: D1Database, ttlMs: number): Promise<string> {
  const now = Date.now();
  if (knownVersion && knownVersion.until > now) return knownVersion.value;
  const value = readCatalogueVersion(d1);
  const entry = { value, until: now + ttlMs };
  knownVersion = entry;
  value.catch(() => {
    if (knownVersion === entry) knownVersion = undefined;
  });
  return value;
}

/** After any request that may have written (not a GET or HEAD): the next page reads the version again. */
export function forgetCatalogueVersion(): void {
  knownVersion = undefined;
}

/**
 * Catalogue reads a guest's pages repeat (the home page's products, a listing's page, a product) kept in
 * memory while the version they were read at holds, so a page that misses the edge cache (a shopper with a
 * cart, a link with a tracking tag, a copy past its ten minutes) need not wait on D1 for them. Keys are the
 * caller's (a search term is the shopper's text: the map is bounded, least recently used out first). A
 * value is kept once read, never a pending read: a read belongs to the request that started it.
 * `currentVersion` is the request's (AppLoadContext.catalogueVersion): the version its page is cached under.
 */
const KEPT_MAX = 256;
let keptVersion = "";
const kept = new Map<string, unknown>();

export async function keptWhileCatalogueHolds<T>(
  currentVersion: () => Promise<string>,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  let version: string;
  try {
    version = await currentVersion();
  } catch (error) {
    // Without a version nothing can be kept safely; the page itself must still work.
    console.error(error);
    return read();
  }
  if (version !== keptVersion) {
    kept.clear();
    keptVersion = version;
  }
  if (kept.has(key)) {
    const value = kept.get(key) as T;
    kept.delete(key);
    kept.set(key, value);
    return value;
  }
  const value = await read();
  // Not if the version moved meanwhile: what was read may be older than the version now trusted.
  if (keptVersion === version) {
    kept.set(key, value);
    if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value!);
  }
  return value;
}
