/**
 * Cart rules (docs/product-rules.md, Cart), pure so the server, the drawer and the tests share them.
 * A cart is only product ids and quantities; names and prices always come from the catalogue.
 */
export const CART_MAX_QTY_PER_LINE = 99;
export const CART_MAX_LINES = 50;
export const CART_MIN_QTY = 1;
export const CART_ADD_DEFAULT_QTY = 1;

export type CartEntry = { productId: number; qty: number };
export type Cart = CartEntry[];

export type CartResult = { ok: true; cart: Cart; notice?: string } | { ok: false; cart: Cart; error: string };

export const CART_FULL_MESSAGE = `Your cart can hold at most ${CART_MAX_LINES} different products. Remove one to add another.`;
export const qtyCappedMessage = (name: string) =>
  `You can order at most ${CART_MAX_QTY_PER_LINE} of ${name} at once.`;

/** A typed quantity as the server will store it: empty or junk becomes 1, then 1..99. */
export function clampTypedQty(raw: unknown): number {
  return clampQty(parseTypedQty(raw));
}

/** A quantity within 1..99 (whole numbers). */
export function clampQty(qty: number): number {
  if (!Number.isFinite(qty)) return CART_MIN_QTY;
  return Math.min(CART_MAX_QTY_PER_LINE, Math.max(CART_MIN_QTY, Math.trunc(qty)));
}

/** add(product, quantity = 1): a new line, or the quantity added to the line with the same id. */
export function addToCart(
  cart: Cart,
  productId: number,
  qty = CART_ADD_DEFAULT_QTY,
  name = "this product",
): CartResult {
  const existing = cart.find((line) => line.productId === productId);
  if (!existing && cart.length >= CART_MAX_LINES) {
    return { ok: false, cart, error: CART_FULL_MESSAGE };
  }
  const wanted = (existing?.qty ?? 0) + Math.max(CART_MIN_QTY, Math.trunc(qty) || CART_MIN_QTY);
  const next = clampQty(wanted);
  const updated = existing
    ? cart.map((line) => (line.productId === productId ? { ...line, qty: next } : line))
    : [...cart, { productId, qty: next }];
  return wanted > CART_MAX_QTY_PER_LINE
    ? { ok: true, cart: updated, notice: qtyCappedMessage(name) }
    : { ok: true, cart: updated };
}

/** updateQty(id, quantity): sets the line's quantity, never below 1 (nor above the cap). */
export function updateCartQty(cart: Cart, productId: number, qty: number, name = "this product"): CartResult {
  if (!cart.some((line) => line.productId === productId)) return { ok: true, cart };
  const next = clampQty(qty);
  const updated = cart.map((line) => (line.productId === productId ? { ...line, qty: next } : line));
  return qty > CART_MAX_QTY_PER_LINE
    ? { ok: true, cart: updated, notice: qtyCappedMessage(name) }
    : { ok: true, cart: updated };
}

export function removeFromCart(cart: Cart, productId: number): Cart {
  return cart.filter((line) => line.productId !== productId);
}

/** A typed quantity: empty (or junk) becomes 1. */
export function parseTypedQty(raw: unknown): number {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") return CART_MIN_QTY;
  const n = Number(text);
  return Number.isFinite(n) ? Math.trunc(n) : CART_MIN_QTY;
}

export function cartCount(cart: readonly { qty: number }[]): number {
  return cart.reduce((sum, line) => sum + line.qty, 0);
}

/** Keeps only well-formed, de-duplicated, in-range lines: used on whatever a cookie held. */
export function sanitizeCart(raw: unknown): Cart {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<number>();
  const cart: Cart = [];
  for (const item of raw) {
    if (!Array.isArray(item) || item.length !== 2) continue;
    const [productId, qty] = item;
    if (!Number.isSafeInteger(productId) || productId <= 0 || seen.has(productId)) continue;
    if (!Number.isSafeInteger(qty) || qty < CART_MIN_QTY) continue;
    seen.add(productId);
    cart.push({ productId, qty: Math.min(qty, CART_MAX_QTY_PER_LINE) });
    if (cart.length === CART_MAX_LINES) break;
  }
  return cart;
}

/** The compact form stored in the cookie: [[id, qty], …]. */
export function serializeCart(cart: Cart): [number, number][] {
  return cart.map((line) => [line.productId, line.qty]);
}
