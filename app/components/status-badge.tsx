import { statusBadgeClass, statusOrDefault } from "~/features/orders/order-status";
import { DELIVERY_STATUS } from "~/lib/vocabularies";

export function StatusBadge({ status }: { status: string | null | undefined }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusBadgeClass(status)}`}
    >
      {DELIVERY_STATUS.label(statusOrDefault(status))}
    </span>
  );
}
