import type { AppLoadContext } from "@remix-run/cloudflare";
import { cartCount, type Cart } from "~/lib/cart";
import { EMPTY_CART_VIEW, type CartView } from "~/lib/cart-view";
import { productImageUrl } from "~/lib/images";
import { priceCart } from "~/models/order.server";
import { readCart, writeCart } from "./cart.server";

export const removedFromCartNotice = (count: number) =>
  count === 1
    ? "A product in your cart is no longer available and was removed."
    : `${count} products in your cart are no longer available and were removed.`;

/**
 * Reads the cart cookie and prices it from the catalogue. Products deleted since they were added are
 * dropped, the cookie is rewritten (setCookie) and a notice says so.
 */
export async function loadCartView(
  request: Request,
  context: AppLoadContext,
): Promise<{ cart: Cart; view: CartView; setCookie: string | null }> {
  const cart = await readCart(request, context.config);
  if (cart.length === 0) {
    return { cart, view: EMPTY_CART_VIEW, setCookie: null };
  }
  const priced = await priceCart(context.db, cart);
  const kept = cart.filter((line) => !priced.missingIds.includes(line.productId));
  const lines = priced.lines.map(({ product, qty, lineTotalKobo }) => ({
    productId: product.id,
    name: product.name,
    category: product.category,
    priceKobo: product.priceKobo,
    qty,
    lineTotalKobo,
    imageUrl: productImageUrl(product.imageKey),
  }));
  const removed = priced.missingIds.length;
  return {
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
