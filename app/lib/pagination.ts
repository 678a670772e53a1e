/** Page numbers taken from a URL: whole numbers from 1, capped so OFFSET stays sane. */
const MAX_PAGE = 10_000;

export function parsePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}
