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
