/** How delivery reads to a shopper: "1–2 working days", "Free", "To be confirmed". */
import { formatNaira } from "~/lib/money";

export function deliveryTime(daysMin: number, daysMax: number): string {
  if (daysMax <= 1) return daysMin === 0 ? "Same or next working day" : "1 working day";
  return daysMin === daysMax ? `${daysMax} working days` : `${daysMin}–${daysMax} working days`;
}

/** The same, short enough for a state picker on a 360 px phone: "1–2 days", "same or next day". */
export function shortDeliveryTime(daysMin: number, daysMax: number): string {
  if (daysMax <= 1) return daysMin === 0 ? "same or next day" : "1 day";
  return daysMin === daysMax ? `${daysMax} days` : `${daysMin}–${daysMax} days`;
}

/** The delivery line of a summary; null is a fee still to be confirmed (no state was given). */
export function deliveryFeeLabel(feeKobo: number | null): string {
  if (feeKobo === null) return "To be confirmed";
  return feeKobo === 0 ? "Free" : formatNaira(feeKobo);
}

/**
 * What delivering `subtotalKobo` of goods costs at a state's own fee: free from the threshold on (when one is
 * set). The one rule of the fee: the server charges by it, and the checkout shows it before the order.
 */
export function deliveryFeeFor(
  stateFeeKobo: number,
  subtotalKobo: number,
  freeThresholdKobo: number | null,
): { feeKobo: number; freeByThreshold: boolean } {
  const freeByThreshold = freeThresholdKobo !== null && subtotalKobo >= freeThresholdKobo && stateFeeKobo > 0;
  return { feeKobo: freeByThreshold ? 0 : stateFeeKobo, freeByThreshold };
}
