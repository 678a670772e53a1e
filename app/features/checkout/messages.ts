/** What the checkout says, on the page and in the drawer (kept apart from server code so both can show it). */
export const CHECKOUT_FAILED = "Failed to create order. Please try again.";
export const CHECKOUT_NETWORK_ERROR = "Something went wrong while processing your order. Please try again.";
export const EMPTY_CART_MESSAGE = "Your cart is empty. Add a medicine before checking out.";
export const CHECKOUT_FORM_EXPIRED = "This checkout form has expired. Please reload the page and try again.";
export const CHECKOUT_FORM_REUSED =
  "This checkout form already placed an order with other delivery details. Reload the page to place a new order.";
export const IDEMPOTENCY_KEY_REUSED =
  "This Idempotency-Key was already used for a different order request. Send a new key for a new order.";
export const IDEMPOTENCY_KEY_INVALID = "Idempotency-Key must be 8 to 64 letters, digits, - or _.";
export const PRESCRIPTION_REQUIRED =
  "This order has prescription-only medicines: please attach a photo of your prescription.";
export const PRESCRIPTION_REQUIRED_API =
  "This order has prescription-only medicines: send prescriptionId, the id of one of your uploaded prescriptions (sign in and upload it with POST /api/prescriptions/upload first).";
export const ACCOUNT_GONE =
  "Your account was deleted, so this order was not placed. Check out as a guest, or register again.";
export const UNKNOWN_PRESCRIPTION = "Unknown prescription. Please choose one of your own uploads.";

/** Who ran short in a refused checkout, and how many they have left. */
export type StockShortage = { name: string; left: number };

export function outOfStockMessage(shortages: StockShortage[]): string {
  const parts = shortages.map(({ name, left }) =>
    left > 0 ? `${name} (only ${left} left)` : `${name} (out of stock)`,
  );
  return `Sorry, we do not have enough in stock: ${parts.join(", ")}. Please change your cart and try again.`;
}

/** A prescription photo over the limit at checkout (no JavaScript shrank it): what to do; the rest is kept. */
export const photoTooLargeMessage = (bytes: number, limitBytes: number) =>
  `Your prescription photo is ${(bytes / 1024 / 1024).toFixed(1)} MB; we take photos up to ${Math.round(limitBytes / 1024 / 1024)} MB. Everything else you typed is kept: choose a smaller photo (a screenshot of it is small enough) and place your order again.`;

export const ONLINE_PAYMENT_OFF =
  "Paying online is not available at the moment. Please choose another way to pay.";
