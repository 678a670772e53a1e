/**
 * D1 binds at most 100 parameters per statement (its local emulation allows far more, so nothing local
 * would show it). An IN list that can grow with the data (a customer's prescriptions, a night's expired
 * receipts) is sent in pieces small enough to leave room for a statement's few other parameters.
 */
export const D1_MAX_BOUND_PARAMETERS = 100;
const IN_LIST_MAX = 90;

/**
 * Runs `run` on each piece of `items` in turn (a statement whose IN list is that piece) and answers every
 * row they returned, in piece order; nothing is run for an empty list.
 */
export async function inPieces<T, Row>(
  items: readonly T[],
  run: (piece: T[]) => PromiseLike<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; start < items.length; start += IN_LIST_MAX)
    rows.push(...(await run(items.slice(start, start + IN_LIST_MAX))));
  return rows;
}
