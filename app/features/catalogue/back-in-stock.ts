/** "Tell me when it is back": the form's fields and texts, shared by the product page and the dashboard. */

/** The product page's form posts here (the product's own page), with one of these intents. */
export const BACK_IN_STOCK_INTENT = { ask: "back-in-stock", forget: "forget-back-in-stock" } as const;

export const backInStockAsked = (name: string) =>
  `We will tell you when ${name} is back in stock. It is on your dashboard.`;
export const backInStockForgotten = (name: string) => `We will not tell you about ${name} any more.`;
export const backInStockNotNeeded = (name: string) => `${name} is in stock now: you can add it to your cart.`;
