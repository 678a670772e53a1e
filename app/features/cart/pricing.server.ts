/**
 * Pricing from the catalogue: the one place a cart (page) or a list of items (API) becomes priced lines.
 * Prices sent by a client are never used; where one differs, the caller is told.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Product } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { koboToNaira, nairaToKobo } from "~/lib/money";
import { getProductsByExactNames, getProductsByIds } from "~/models/product.server";
import { CART_MAX_QTY_PER_LINE, type Cart } from "./cart";

export type PricedLine = { product: Product; qty: number; lineTotalKobo: number };
export type PricedCart = { lines: PricedLine[]; missingIds: number[]; totalKobo: number };

/** What `qty` units at a unit price cost: every priced line, and a checkout priced as its client claims. */
export const lineTotalKobo = (unitPriceKobo: number, qty: number) => unitPriceKobo * qty;

export const totalOf = (lines: PricedLine[]) => lines.reduce((sum, l) => sum + l.lineTotalKobo, 0);

/** Prices every line from the catalogue; ids no longer in it are reported, not priced. */
export async function priceCart(context: Pick<AppLoadContext, "db">, cart: Cart): Promise<PricedCart> {
  const found = await getProductsByIds(
    context.db,
    cart.map((line) => line.productId),
  );
  const byId = new Map(found.map((p) => [p.id, p]));
  const lines: PricedLine[] = [];
  const missingIds: number[] = [];
  for (const { productId, qty } of cart) {
    const product = byId.get(productId);
    if (!product) missingIds.push(productId);
    else lines.push({ product, qty, lineTotalKobo: lineTotalKobo(product.priceKobo, qty) });
  }
  return { lines, missingIds, totalKobo: totalOf(lines) };
}

/** An item as an API client sends it: a product id, else an exact name; a quantity; maybe a price. */
export type ItemRequest = { productId?: number; name?: string; quantity: number; price?: number };
export type PriceChange = { name: string; clientPrice: number; price: number };

/**
 * Matches API items to the catalogue (two queries whatever the number of items), merges repeats of one
 * product and prices them. An unknown item or a quantity over the cap is a 400.
 */
export async function priceItems(
  context: Pick<AppLoadContext, "db">,
  items: ItemRequest[],
): Promise<{ lines: PricedLine[]; priceChanges: PriceChange[] }> {
  const ids = items.flatMap((item) => (item.productId !== undefined ? [item.productId] : []));
  const names = items.flatMap((item) => (item.productId === undefined && item.name ? [item.name] : []));
  const [byIdList, byNameList] = await Promise.all([
    getProductsByIds(context.db, ids),
    getProductsByExactNames(context.db, names),
  ]);
  const byId = new Map(byIdList.map((p) => [p.id, p]));
  const byName = new Map(byNameList.map((p) => [p.name, p]));

  const lines = new Map<number, PricedLine>();
  const priceChanges: PriceChange[] = [];
  for (const item of items) {
    const product =
      item.productId !== undefined ? byId.get(item.productId) : item.name ? byName.get(item.name) : undefined;
    if (!product) {
      throw new AppError(400, `Unknown product: ${item.name ?? String(item.productId ?? "(no name or id)")}`);
    }
    if (item.price !== undefined && nairaToKobo(item.price) !== product.priceKobo) {
      priceChanges.push({
        name: product.name,
        clientPrice: item.price,
        price: koboToNaira(product.priceKobo),
      });
    }
    const qty = (lines.get(product.id)?.qty ?? 0) + item.quantity;
    if (qty > CART_MAX_QTY_PER_LINE) {
      throw new AppError(400, `At most ${CART_MAX_QTY_PER_LINE} of ${product.name} per order.`);
    }
    lines.set(product.id, { product, qty, lineTotalKobo: lineTotalKobo(product.priceKobo, qty) });
  }
  return { lines: [...lines.values()], priceChanges };
}
