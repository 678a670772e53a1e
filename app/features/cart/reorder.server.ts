/**
 * "Order again": a past order's lines go back into the cart as the catalogue sells them today (today's
 * prices, what is in stock), and the shopper is told what changed or is gone (docs/product-rules.md).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "~/lib/app-error";
import { formatNaira } from "~/lib/money";
import { getOrderByAccessToken } from "~/models/order.server";
import { ORDER_LINK_UNKNOWN } from "~/features/orders/orders.server";
import { getProductsByIds } from "~/models/product.server";
import { addToCart } from "./cart";
import { readCart, writeCart } from "./cart-cookie.server";

export async function orderAgain(request: Request, context: AppLoadContext, token: string) {
  const order = await getOrderByAccessToken(context.db, token);
  if (!order) throw new AppError(404, ORDER_LINK_UNKNOWN);
  const ids = order.items.flatMap((item) => (item.productId === null ? [] : [item.productId]));
  const products = new Map((await getProductsByIds(context.db, ids)).map((p) => [p.id, p]));
  let cart = await readCart(request, context.config);
  const changes: string[] = [];
  let added = 0;
  for (const item of order.items) {
    const product = item.productId === null ? undefined : products.get(item.productId);
    if (!product) {
      changes.push(`${item.name} is no longer sold.`);
      continue;
    }
    if (product.stock === 0) {
      changes.push(`${product.name} is out of stock.`);
      continue;
    }
    const qty = product.stock === null ? item.quantity : Math.min(item.quantity, product.stock);
    const result = addToCart(cart, product.id, qty, product.name);
    if (!result.ok) {
      changes.push(result.error);
      break;
    }
    cart = result.cart;
    added += 1;
    if (qty < item.quantity) changes.push(`Only ${qty} of ${product.name} left: your cart has ${qty}.`);
    if (product.priceKobo !== item.unitPriceKobo) {
      changes.push(
        `${product.name} now costs ${formatNaira(product.priceKobo)} (was ${formatNaira(item.unitPriceKobo)}).`,
      );
    }
  }
  const summary =
    added === 0
      ? "Nothing from this order can be bought again right now."
      : `${added === order.items.length ? "Everything" : `${added} of ${order.items.length} products`} from order ${order.orderRef} is in your cart, at today's prices.`;
  return {
    setCookie: await writeCart(cart, context.config),
    message: [summary, ...changes].join(" "),
    added,
  };
}
