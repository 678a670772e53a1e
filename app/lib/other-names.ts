/**
 * A product's other names ("also known as": brands, international names), kept one a line in
 * products.also_known_as, given as a list by the API and one a line (or separated by commas) in the
 * product editor. The limits keep every name searchable (3+ characters for the trigram index) and a
 * product's searched text within what the search's word index reads (drizzle: search_positions).
 */
export const OTHER_NAMES_MAX = 20;
export const OTHER_NAME_MAX_LENGTH = 50;
export const OTHER_NAME_MIN_LENGTH = 3;

/** The stored text as a list (none: an empty list). */
export function otherNamesOf(stored: string | null | undefined): string[] {
  return (stored ?? "").split("\n").filter(Boolean);
}

/** A list as stored: null when empty. */
export function storedOtherNames(names: readonly string[]): string | null {
  return names.length === 0 ? null : names.join("\n");
}

/** What the editor's box holds: one a line or separated by commas, as a list (spaces tidied, repeats dropped). */
export function splitOtherNames(text: string): string[] {
  return text
    .split(/[\n,;]/)
    .map((name) => name.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}
