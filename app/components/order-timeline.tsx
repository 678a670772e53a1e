import {
  reviewSummary,
  type ReviewView,
  type TimelineEntry,
  type TimelineMessage,
} from "~/features/orders/order-view";
import { LocalTime } from "~/components/local-time";
import { REVIEW_STATUS } from "~/lib/vocabularies";

/**
 * An order's history, oldest first: its status changes (who changed it, when, from what to what) and a
 * pharmacist's decision on its prescription (who, their PCN number, when, and their note).
 */
export function OrderTimeline({
  placedAt,
  entries,
  review,
  messages = [],
  showWho = false,
}: {
  placedAt: number;
  entries: TimelineEntry[];
  review?: ReviewView | null;
  /** The messages sent about the order (the back office's timeline), with how far each got. */
  messages?: TimelineMessage[];
  showWho?: boolean;
}) {
  const items = [
    ...entries.map((entry) => ({ at: entry.at, key: `s${entry.id}`, entry })),
    ...messages.map((message) => ({ at: message.at, key: `m${message.id}`, message })),
    ...(review ? [{ at: review.reviewedAt, key: "review", review }] : []),
  ].sort((a, b) => a.at - b.at);
  return (
    <ol className="space-y-1 border-l-2 border-gray-200 pl-3 text-sm" aria-label="Order timeline">
      <li>
        <span className="font-medium">Order placed</span> · <LocalTime ms={placedAt} />
      </li>
      {items.map((item) =>
        "review" in item && item.review ? (
          <li key={item.key} data-testid="review-entry">
            <span className="font-medium">{REVIEW_STATUS.label(item.review.decision)}</span> ·{" "}
            <LocalTime ms={item.at} />
            <span className="block text-gray-700">{reviewSummary(item.review)}</span>
            {item.review.note ? (
              <span className="block whitespace-pre-line break-words text-gray-700">
                Note: {item.review.note}
              </span>
            ) : null}
          </li>
        ) : "message" in item && item.message ? (
          <li key={item.key} data-testid="message-entry" className="text-gray-700">
            <span className="font-medium">Message: {item.message.what}</span> · {item.message.channel} to{" "}
            <span className="break-all">{item.message.to}</span> · {item.message.state} ·{" "}
            <LocalTime ms={item.at} />
          </li>
        ) : "entry" in item && item.entry ? (
          <li key={item.key}>
            <span className="font-medium">{item.entry.label ?? `${item.entry.from} → ${item.entry.to}`}</span>{" "}
            · <LocalTime ms={item.at} />
            {showWho ? <span className="text-gray-600"> · by {item.entry.by}</span> : null}
          </li>
        ) : null,
      )}
    </ol>
  );
}
