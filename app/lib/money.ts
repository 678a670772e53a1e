/**
 * Money is whole kobo everywhere in the server and the database (1 naira = 100 kobo), so sums are exact.
 * The JSON API speaks naira (as its clients expect); convert only at that edge and for display.
 */

/**
 * ₦1,500.00: the naira sign, digits grouped in threes, two decimals, exactly what
 * `Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" })` writes for whole kobo. Done by
 * hand because the browser builds an Intl formatter from its locale data on first use, tens of
 * milliseconds of main thread on a slow phone, in the same task that brings the shop grid to life.
 */
export function formatNaira(kobo: number): string {
  const whole = Math.round(kobo);
  const abs = Math.abs(whole);
  const naira = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  return `${whole < 0 ? "-" : ""}₦${naira}.${String(abs % 100).padStart(2, "0")}`;
}

export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

/** Rounds to the nearest kobo; callers validate the range. */
export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}
