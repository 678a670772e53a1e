/**
 * The audit trail's vocabulary: what was done (actions) and to what (record types), each with the words
 * /admin/audit and its CSV show. Writers name an action from this list (features/audit); the filters offer
 * the same list.
 */
import { validDate } from "./order-filters";

export const AUDIT_ACTIONS = [
  "admin_created",
  "pcn_granted",
  "pcn_removed",
  "admin_removed",
  "reset_link_issued",
  "review_decided",
  "order_status_changed",
  "order_payment_changed",
  "product_created",
  "product_updated",
  "product_deleted",
  "prescription_viewed",
  "export_downloaded",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  admin_created: "Admin created",
  pcn_granted: "PCN number given",
  pcn_removed: "PCN number removed",
  admin_removed: "Admin access removed",
  reset_link_issued: "Password reset link issued",
  review_decided: "Prescription review decided",
  order_status_changed: "Order status changed",
  order_payment_changed: "Order payment changed",
  product_created: "Product added",
  product_updated: "Product changed",
  product_deleted: "Product deleted",
  prescription_viewed: "Prescription viewed",
  export_downloaded: "Export downloaded",
};

export const AUDIT_RECORD_TYPES = ["account", "order", "product", "prescription", "export"] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

export const AUDIT_RECORD_LABELS: Record<AuditRecordType, string> = {
  account: "Account",
  order: "Order",
  product: "Product",
  prescription: "Prescription",
  export: "Export",
};

export function isAuditAction(value: unknown): value is AuditAction {
  return (AUDIT_ACTIONS as readonly unknown[]).includes(value);
}

export function isAuditRecordType(value: unknown): value is AuditRecordType {
  return (AUDIT_RECORD_TYPES as readonly unknown[]).includes(value);
}

/** A note is a short line: longer ones are cut. */
export const AUDIT_DETAIL_MAX = 300;

/** /admin/audit's filters, read from its URL (the page and its CSV take the same ones). */
export type AuditFilters = {
  actor: string | null;
  action: AuditAction | null;
  recordType: AuditRecordType | null;
  recordId: string | null;
  /** YYYY-MM-DD, Lagos days, inclusive. */
  from: string | null;
  to: string | null;
};

/** An id as it appears in the trail (uuids, numbers, file names): anything else is no filter. */
function idFilter(raw: string | null): string | null {
  const value = raw?.trim() ?? "";
  return /^[A-Za-z0-9._-]{1,64}$/.test(value) ? value : null;
}

/** Unreadable filters are dropped, never an error: a filter link always opens. */
export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const action = params.get("action");
  const recordType = params.get("recordType");
  return {
    actor: idFilter(params.get("actor")),
    action: isAuditAction(action) ? action : null,
    recordType: isAuditRecordType(recordType) ? recordType : null,
    recordId: idFilter(params.get("recordId")),
    from: validDate(params.get("from")),
    to: validDate(params.get("to")),
  };
}

/** The filters as a query string (`extra` added, e.g. the page), for links and the CSV. */
export function auditFilterQuery(filters: AuditFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}
