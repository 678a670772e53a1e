/** What the checkout says, on the page and in the drawer (kept apart from server code so both can show it). */
export const CHECKOUT_FAILED = "Failed to create order. Please try again.";
export const CHECKOUT_NETWORK_ERROR = "Something went wrong while processing your order. Please try again.";
export const EMPTY_CART_MESSAGE = "Your cart is empty. Add a medicine before checking out.";
export const CHECKOUT_FORM_EXPIRED = "This checkout form has expired. Please reload the page and try again.";
