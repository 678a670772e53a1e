import { statusBadgeClass } from "~/features/orders/order-status";

export function StatusBadge({ status }: { status: string | null | undefined }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusBadgeClass(status)}`}
    >
      {status ?? "Processing"}
    </span>
  );
}
