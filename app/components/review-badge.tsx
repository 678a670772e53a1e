import { REVIEW_STATUS_LABEL } from "~/features/orders/order-view";

const CLASSES = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-green-100 text-green-800",
  rejected: "bg-red-100 text-red-800",
} as const;

/** A prescription order's review state beside its delivery status; nothing for other orders. */
export function ReviewBadge({ status }: { status: keyof typeof CLASSES | null | undefined }) {
  if (!status) return null;
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${CLASSES[status]}`}>
      {REVIEW_STATUS_LABEL[status]}
    </span>
  );
}
