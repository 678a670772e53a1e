/** A closed set of values with what people read for each (lib/vocabularies.ts lists them). */

type Entry = { readonly value: string; readonly label: string };

/** The values of a vocabulary's entries, in order, as a tuple (what z.enum and Drizzle's `enum` take). */
type Values<E extends readonly Entry[]> = { readonly [K in keyof E]: E[K]["value"] };

export type Vocabulary<E extends readonly [Entry, ...Entry[]]> = {
  readonly entries: E;
  readonly values: Values<E>;
  /** Whether `value` is one of the vocabulary's values (a type guard for input from outside). */
  includes(value: unknown): value is E[number]["value"];
  entry<V extends E[number]["value"]>(value: V): Extract<E[number], { value: V }>;
  label(value: E[number]["value"]): string;
};

export type ValueOf<T> = T extends Vocabulary<infer E> ? E[number]["value"] : never;

export function vocabulary<const E extends readonly [Entry, ...Entry[]]>(entries: E): Vocabulary<E> {
  const byValue = new Map<string, E[number]>(entries.map((entry) => [entry.value, entry]));
  const entry = (value: string) => {
    const found = byValue.get(value);
    if (!found) throw new Error(`Not a known value: ${value}`);
    return found;
  };
  return {
    entries,
    values: entries.map((e) => e.value) as unknown as Values<E>,
    includes: (value: unknown): value is E[number]["value"] =>
      typeof value === "string" && byValue.has(value),
    entry: entry as Vocabulary<E>["entry"],
    label: (value) => entry(value).label,
  };
}

/** "a, b or c": the values (or words) a message lists as the choices. */
export function orList(words: readonly string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}
