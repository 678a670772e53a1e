/**
 * Money is whole kobo everywhere in the server and the database (1 naira = 100 kobo), so sums are exact.
 * The JSON API speaks naira (as its clients expect); convert only at that edge and for display.
 */
const nairaFormatter = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₦1,500.00 — the naira sign with locale-grouped digits. */
export function formatNaira(kobo: number): string {
  return nairaFormatter.format(kobo / 100);
}

export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

/** Rounds to the nearest kobo; callers validate the range. */
export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}
