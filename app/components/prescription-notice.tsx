import type { PrescriptionNeeds } from "~/features/checkout/prescription-needs";

/** Said wherever the cart shows (drawer, cart page, checkout) when it holds prescription-only items. */
export function PrescriptionNotice({
  rx,
  atCheckout = false,
}: {
  rx?: PrescriptionNeeds;
  atCheckout?: boolean;
}) {
  if (!rx || rx.items.length === 0) return null;
  return (
    <div
      role="note"
      aria-labelledby="rx-notice-title"
      data-testid="prescription-notice"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <p id="rx-notice-title" className="font-semibold">
        Prescription required
      </p>
      <p className="mt-1">
        {rx.items.length === 1 ? "This item is" : "These items are"} prescription-only:{" "}
        {rx.items.map((item) => item.name).join(", ")}.{" "}
        {atCheckout
          ? "Attach your prescription below; a pharmacist checks it before your order is shipped."
          : "You will attach your prescription at checkout; a pharmacist checks it before your order is shipped."}
      </p>
    </div>
  );
}
