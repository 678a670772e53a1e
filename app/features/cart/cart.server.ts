/**
 * The cart's use cases: reading it priced for display, and applying one change (add, set, remove,
 * clear) with the message the shopper sees. The cart itself lives in a signed cookie (cart-cookie.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { productImageUrl } from "~/lib/images";
import { needsPrescription } from "~/lib/medicine-class";
import { productPath, stockView } from "~/features/catalogue/product-view";
import type { Toast } from "~/lib/toast";
import { getProductById } from "~/models/product.server";
import { addToCart, cartCount, removeFromCart, updateCartQty, type Cart, type CartResult } from "./cart";
import { readAppliedChanges, readCart, writeAppliedChanges, writeCart } from "./cart-cookie.server";
import { readChangeId, rememberChange } from "./change-ids";
import { EMPTY_CART_VIEW, type CartView } from "./cart-view";
import { parseCartChange } from "./intents";
import { priceCart } from "./pricing.server";

export const removedFromCartNotice = (count: number) =>
  count === 1
    ? "A product in your cart is no longer available and was removed."
    : `${count} products in your cart are no longer available and were removed.`;

export const NO_LONGER_AVAILABLE = "Sorry, this product is no longer available.";
export const outOfStockMessage = (name: string) => `Sorry, ${name} is out of stock.`;
export const onlyLeftMessage = (name: string, left: number) =>
  `Only ${left} of ${name} left: your cart now has ${left}.`;

/**
 * Reads the cart cookie and prices it from the catalogue. Products deleted since they were added are
 * dropped, the cookie is rewritten (setCookie) and a notice says so.
 */
export async function loadCartView(
  request: Request,
  context: AppLoadContext,
): Promise<{
  cart: Cart;
  view: CartView;
  setCookie: string | null;
  rxItems: { productId: number; name: string }[];
}> {
  const cart = await readCart(request, context.config);
  if (cart.length === 0) return { cart, view: EMPTY_CART_VIEW, setCookie: null, rxItems: [] };
  const priced = await priceCart(context, cart);
  const kept = cart.filter((line) => !priced.missingIds.includes(line.productId));
  const lines = priced.lines.map(({ product, qty, lineTotalKobo }) => ({
    productId: product.id,
    name: product.name,
    category: product.category,
    priceKobo: product.priceKobo,
    qty,
    lineTotalKobo,
    imageUrl: productImageUrl(product.imageKey),
    url: productPath(product),
    inStock: stockView(product.stock).inStock,
  }));
  const removed = priced.missingIds.length;
  return {
    // The prescription-only lines, as the catalogue says (read with the prices, not again).
    rxItems: priced.lines
      .filter(({ product }) => needsPrescription(product.medicineClass))
      .map(({ product }) => ({ productId: product.id, name: product.name })),
    cart: kept,
    view: {
      lines,
      count: cartCount(lines),
      subtotalKobo: priced.totalKobo,
      removedNotice: removed ? removedFromCartNotice(removed) : null,
    },
    setCookie: removed ? await writeCart(kept, context.config) : null,
  };
}

/** What a cart change answers: its status, what to tell the shopper, and the new cookies (if it changed). */
export type CartChangeResult = { status: number; toast?: Toast; setCookie?: string; setCookies?: string[] };

/**
 * Applies the change a cart form asks for to the request's cart, once: a change sent again with an id
 * already applied to this cart (change-ids.ts) changes nothing.
 */
export async function changeCart(
  request: Request,
  context: AppLoadContext,
  form: FormData,
): Promise<CartChangeResult> {
  const changeId = readChangeId(form);
  const applied = changeId ? await readAppliedChanges(request, context.config) : [];
  if (changeId && applied.includes(changeId)) return { status: 200 };
  const result = await applyCartChange(request, context, form);
  if (!changeId || !result.setCookie || result.status >= 400) return result;
  return {
    ...result,
    setCookies: [await writeAppliedChanges(rememberChange(applied, changeId), context.config)],
  };
}

async function applyCartChange(
  request: Request,
  context: AppLoadContext,
  form: FormData,
): Promise<CartChangeResult> {
  const { config } = context;
  const change = parseCartChange(form);
  if ("error" in change) return { status: 400, toast: { type: "error", message: change.error } };

  const cart = await readCart(request, config);
  if (change.intent === "clear") {
    return {
      status: 200,
      toast: { type: "info", message: "Your cart is empty." },
      setCookie: await writeCart([], config),
    };
  }
  if (change.intent === "remove") {
    return { status: 200, setCookie: await writeCart(removeFromCart(cart, change.productId), config) };
  }

  const product = await getProductById(context.db, change.productId);
  if (!product) {
    return {
      status: 404,
      toast: { type: "error", message: NO_LONGER_AVAILABLE },
      setCookie: await writeCart(removeFromCart(cart, change.productId), config),
    };
  }

  // Stock (docs/product-rules.md): none left refuses the change; fewer than asked caps the line.
  if (product.stock === 0) {
    return { status: 409, toast: { type: "error", message: outOfStockMessage(product.name) } };
  }
  let result: CartResult =
    change.intent === "add"
      ? addToCart(cart, product.id, 1, product.name)
      : updateCartQty(cart, product.id, change.qty, product.name);
  if (!result.ok) return { status: 400, toast: { type: "error", message: result.error } };
  const line = result.cart.find((l) => l.productId === product.id);
  if (product.stock !== null && line && line.qty > product.stock) {
    result = updateCartQty(result.cart, product.id, product.stock, product.name);
    if (!result.ok) return { status: 400, toast: { type: "error", message: result.error } };
    result = { ...result, notice: onlyLeftMessage(product.name, product.stock) };
  }

  const toast: Toast | undefined = result.notice
    ? { type: "info", message: result.notice }
    : change.intent === "add"
      ? { type: "success", message: `${product.name} added to cart` }
      : undefined;
  return { status: 200, toast, setCookie: await writeCart(result.cart, config) };
}
