import { REVIEW_STATUS, type ReviewStatus } from "~/lib/vocabularies";

const CLASSES: Record<ReviewStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-green-100 text-green-800",
  rejected: "bg-red-100 text-red-800",
};

/** A prescription order's review state beside its delivery status; nothing for other orders. */
export function ReviewBadge({ status }: { status: ReviewStatus | null | undefined }) {
  if (!status) return null;
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${CLASSES[status]}`}>
      {REVIEW_STATUS.label(status)}
    </span>
  );
}
