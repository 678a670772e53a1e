/** What the drawer and the cart page render: catalogue-priced lines (built on the server). */
export type CartLineView = {
  productId: number;
  name: string;
  category: string;
  priceKobo: number;
  qty: number;
  lineTotalKobo: number;
  imageUrl: string | null;
  /** The product's page (features/catalogue/product-view.ts productPath). */
  url: string;
  /** False once the product has run out (checkout refuses it). */
  inStock: boolean;
};

export type CartView = {
  lines: CartLineView[];
  count: number;
  subtotalKobo: number;
  /** Names of products that left the catalogue since they were added (shown once, then forgotten). */
  removedNotice: string | null;
};

export const EMPTY_CART_VIEW: CartView = { lines: [], count: 0, subtotalKobo: 0, removedNotice: null };
