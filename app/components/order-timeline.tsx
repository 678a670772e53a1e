import type { TimelineEntry } from "~/features/orders/order-view";
import { LocalTime } from "~/components/local-time";

/** An order's status changes, oldest first: who changed it, when, from what to what. */
export function OrderTimeline({
  placedAt,
  entries,
  showWho = false,
}: {
  placedAt: number;
  entries: TimelineEntry[];
  showWho?: boolean;
}) {
  return (
    <ol className="space-y-1 border-l-2 border-gray-200 pl-3 text-sm" aria-label="Order timeline">
      <li>
        <span className="font-medium">Order placed</span> · <LocalTime ms={placedAt} />
      </li>
      {entries.map((entry) => (
        <li key={entry.id}>
          <span className="font-medium">
            {entry.from} → {entry.to}
          </span>{" "}
          · <LocalTime ms={entry.at} />
          {showWho ? <span className="text-gray-600"> · by {entry.by}</span> : null}
        </li>
      ))}
    </ol>
  );
}
