/** What the shopper is told offline (components/offline-banner.tsx, kept-forms.tsx, cart-summary.tsx). */
export const OFFLINE_MESSAGE =
  "You are offline. Pages you have seen still open but may be out of date; forms you fill in are kept on this phone and sent when you are back online.";
export const OFFLINE_COPY_MESSAGE = "Copy saved on this phone";
export const OFFLINE_CART_MESSAGE = "Offline: this is your cart as you last saw it on this phone.";
export const FORM_KEPT_MESSAGE = "Saved on this phone; we will send it when you are back online.";
export const KEPT_MESSAGE_SENT = "Your message saved offline has been sent.";
