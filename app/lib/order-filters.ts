/**
 * The back office's order filters, read from a URL (the admin page, its CSV export and
 * `GET /api/orders/all-orders` take the same ones): q, status, paymentStatus, from, to (Lagos dates).
 * Anything unreadable is dropped, never an error: a filter link must always open.
 */
import { DELIVERY_STATUS, PAYMENT_STATUS, type DeliveryStatus, type PaymentStatus } from "./vocabularies";

export type OrderFilters = {
  q: string;
  status: DeliveryStatus | null;
  paymentStatus: PaymentStatus | null;
  /** YYYY-MM-DD, a day in Lagos time (inclusive); null when not set. */
  from: string | null;
  to: string | null;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD that is a real calendar day, or null. */
export function validDate(raw: string | null): string | null {
  if (!raw || !DATE.test(raw)) return null;
  const time = Date.parse(`${raw}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== raw ? null : raw;
}

export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const q = (params.get("q") ?? "")
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f\s]+/g, " ")
    .trim()
    .slice(0, 100);
  const status = params.get("status");
  const paymentStatus = params.get("paymentStatus");
  return {
    q,
    status: DELIVERY_STATUS.includes(status) ? status : null,
    paymentStatus: PAYMENT_STATUS.includes(paymentStatus) ? paymentStatus : null,
    from: validDate(params.get("from")),
    to: validDate(params.get("to")),
  };
}

/** The filters as a query string (without page), for links, the CSV export and the API's next page. */
export function filterQuery(filters: OrderFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.paymentStatus) params.set("paymentStatus", filters.paymentStatus);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function hasFilters(filters: OrderFilters): boolean {
  return Boolean(filters.q || filters.status || filters.paymentStatus || filters.from || filters.to);
}
