/**
 * A moment as Nigerians read it, in West Africa Time ("24 Nov 2026, 07:49"), made by hand rather than by
 * Intl: WAT is UTC+1 all year (no daylight saving), and the runtime's locale data differs between the
 * Worker and a shopper's phone ("Sep" or "Sept"), so text made by Intl on the server could differ from the
 * browser's, and React would then throw the server's HTML away. It is also cheaper: an order list formats
 * a few hundred moments a page.
 */
const WAT_OFFSET_MS = 60 * 60 * 1000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/** "24 Nov 2026" */
export function lagosDate(ms: number): string {
  const wat = new Date(ms + WAT_OFFSET_MS);
  return `${wat.getUTCDate()} ${MONTHS[wat.getUTCMonth()]} ${wat.getUTCFullYear()}`;
}

/** "24 Nov 2026, 07:49" (24-hour clock) */
export function lagosDateTime(ms: number): string {
  const wat = new Date(ms + WAT_OFFSET_MS);
  return `${lagosDate(ms)}, ${twoDigits(wat.getUTCHours())}:${twoDigits(wat.getUTCMinutes())}`;
}

/** When a Lagos day (YYYY-MM-DD) starts, in epoch milliseconds: date filters mean Lagos days. */
export function lagosDayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - WAT_OFFSET_MS;
}
