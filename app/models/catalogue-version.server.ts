/**
 * The catalogue's version (drizzle/0010: triggers move it on every write to products). Read on every guest
 * page the edge cache could serve, so it is one primary-key lookup with a statement D1 can reuse.
 */
export async function readCatalogueVersion(d1: D1Database): Promise<string> {
  const row = await d1
    .prepare("SELECT version FROM catalogue_version WHERE id = 1")
    .first<{ version: number }>();
  if (!row) throw new Error("catalogue_version has no row: are the migrations applied?");
  return String(row.version);
}
