/**
 * What the shopper is told of work kept offline (kept-forms.tsx, cart-summary.tsx, delivery-form.tsx, the
 * cart and contact routes). None is on a page's first load: each comes with the code that shows it (the
 * banner's own texts are in lib/offline-banner-text.ts).
 */
export const OFFLINE_CART_MESSAGE = "Offline: this is your cart as you last saw it on this phone.";
export const FORM_KEPT_MESSAGE = "Saved on this phone; we will send it when you are back online.";
export const KEPT_MESSAGE_SENT = "Your message saved offline has been sent.";
export const CART_CHANGE_KEPT =
  "You are offline. Your cart change is kept on this phone and will be sent when you are back online.";
