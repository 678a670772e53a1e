/**
 * D1 binds at most 100 parameters per statement (its local emulation allows far more, so nothing local
 * would show it). An IN list that can grow with the data (a customer's prescriptions, a night's expired
 * receipts) is sent in pieces small enough to leave room for a statement's few other parameters.
 */
export const D1_MAX_BOUND_PARAMETERS = 100;
export const IN_LIST_MAX = 90;

export function inPieces<T>(items: readonly T[], size = IN_LIST_MAX): T[][] {
  const pieces: T[][] = [];
  for (let start = 0; start < items.length; start += size) pieces.push(items.slice(start, start + size));
  return pieces;
}
