/** Plain text inside a SQL LIKE pattern: its wildcards (% and _) and the escape character stay literal. */

/** The character every pattern built here declares with `ESCAPE '\'`. */
export const LIKE_ESCAPE = "\\";

export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `${LIKE_ESCAPE}${c}`);
}

/** A pattern matching any text that holds `term` (use with `ESCAPE '\'`). */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}
