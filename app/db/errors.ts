/** D1 reports constraint failures as text (wrapped by Drizzle in `cause`): recognise a unique clash. */
export function isUniqueViolation(error: unknown, column: string): boolean {
  const text = `${String((error as { cause?: unknown })?.cause ?? "")} ${String(error)}`;
  return text.includes("UNIQUE constraint failed") && text.includes(column);
}
