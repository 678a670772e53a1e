/**
 * "Tell me when it is back" for signed-in customers: asked on an out-of-stock product's page, kept with the
 * account, shown on the dashboard (models/back-in-stock.server.ts holds what a message job reads).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "~/lib/app-error";
import type { UserRef } from "~/models/user.server";
import { productImageUrl } from "~/lib/images";
import { askBackInStock, backInStockOf, forgetBackInStock } from "~/models/back-in-stock.server";
import { getProductById } from "~/models/product.server";
import { requireUser, withReads } from "~/services/session.server";
import {
  BACK_IN_STOCK_INTENT,
  backInStockAsked,
  backInStockForgotten,
  backInStockNotNeeded,
} from "./back-in-stock";
import { PRODUCT_PAGE_NOT_FOUND } from "./product-page.server";
import { productPath, stockView } from "./product-view";

/** The form's intent: ask, or stop asking; anything else is a 400. */
export async function changeBackInStock(
  request: Request,
  context: AppLoadContext,
  productId: number,
  form: Promise<FormData>,
): Promise<string> {
  // The product is read beside the session lookup (one trip to D1), then the one write.
  const [user, product] = await withReads(request, context, requireUser, () =>
    getProductById(context.db, productId),
  );
  const intent = (await form).get("intent");
  if (!product) throw new AppError(404, PRODUCT_PAGE_NOT_FOUND);
  if (intent === BACK_IN_STOCK_INTENT.forget) {
    await forgetBackInStock(context.db, user.id, product.id);
    return backInStockForgotten(product.name);
  }
  if (intent !== BACK_IN_STOCK_INTENT.ask) throw new AppError(400, "Unknown action.");
  if (stockView(product.stock).inStock) throw new AppError(409, backInStockNotNeeded(product.name));
  await askBackInStock(context.db, user.id, product.id);
  return backInStockAsked(product.name);
}

/** The dashboard's list: what the customer is waiting for, those back in stock first. */
export async function myBackInStock(context: AppLoadContext, userId: UserRef) {
  const entries = await backInStockOf(context.read, userId);
  return entries
    .map((entry) => ({
      productId: entry.productId,
      name: entry.name,
      url: productPath({ id: entry.productId, name: entry.name }),
      imageUrl: productImageUrl(entry.imageKey),
      priceKobo: entry.priceKobo,
      back: stockView(entry.stock).inStock,
      askedAt: entry.askedAt,
    }))
    .sort((a, b) => Number(b.back) - Number(a.back));
}
export type BackInStockItem = Awaited<ReturnType<typeof myBackInStock>>[number];
