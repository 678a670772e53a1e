/**
 * POST /api/orders/checkout (spec 7): {email, phone, name, deliveryAddress, items[{name, price, quantity,
 * image, productId?}], totalAmount}. Items are matched to the catalogue (productId, else exact name) and
 * priced by the server; a client price or total that differs is reported, never used.
 * An Idempotency-Key header makes retries safe.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { CART_MAX_LINES, CART_MAX_QTY_PER_LINE } from "~/lib/cart";
import { koboToNaira, nairaToKobo } from "~/lib/money";
import { checkoutSchema } from "~/lib/validation";
import { orderWhatsAppMessage, whatsAppLink } from "~/lib/whatsapp";
import { placeOrder, toApiOrder, type PricedLine } from "~/models/order.server";
import { findProductByExactName, getProductById } from "~/models/product.server";
import { ApiError, handleApi, methodNotAllowed, parseOrThrow, readJson } from "~/services/api.server";
import { getUser } from "~/services/session.server";

const itemSchema = z.object({
  productId: z.union([z.string(), z.number()]).optional(),
  _id: z.union([z.string(), z.number()]).optional(),
  name: z.string().trim().max(200).optional(),
  price: z.number().nonnegative().optional(),
  quantity: z
    .number({ error: "quantity must be a whole number from 1 to 99" })
    .int("quantity must be a whole number from 1 to 99")
    .min(1, "quantity must be a whole number from 1 to 99")
    .max(CART_MAX_QTY_PER_LINE, "quantity must be a whole number from 1 to 99"),
  image: z.string().max(2000).nullable().optional(),
});

const payloadSchema = z.object({
  name: z.string({ error: "name is required" }),
  email: z.string({ error: "email is required" }),
  phone: z.string({ error: "phone is required" }),
  deliveryAddress: z.string({ error: "deliveryAddress is required" }),
  items: z
    .array(itemSchema, { error: "items must be a list" })
    .min(1, "items must not be empty")
    .max(CART_MAX_LINES, `at most ${CART_MAX_LINES} items`),
  totalAmount: z.number().optional(),
});

type PriceChange = { name: string; clientPrice: number; price: number };

async function matchItems(context: ActionFunctionArgs["context"], items: z.infer<typeof itemSchema>[]) {
  const byId = new Map<number, PricedLine>();
  const priceChanges: PriceChange[] = [];
  for (const item of items) {
    const rawId = item.productId ?? item._id;
    const id = rawId === undefined ? null : Number(rawId);
    if (rawId !== undefined && (!Number.isSafeInteger(id) || (id as number) <= 0)) {
      throw new ApiError(400, `Unknown product id: ${String(rawId)}`);
    }
    const product = id
      ? await getProductById(context.db, id)
      : item.name
        ? await findProductByExactName(context.db, item.name)
        : undefined;
    if (!product) throw new ApiError(400, `Unknown product: ${item.name ?? String(rawId)}`);
    if (item.price !== undefined && nairaToKobo(item.price) !== product.priceKobo) {
      priceChanges.push({
        name: product.name,
        clientPrice: item.price,
        price: koboToNaira(product.priceKobo),
      });
    }
    const qty = (byId.get(product.id)?.qty ?? 0) + item.quantity;
    if (qty > CART_MAX_QTY_PER_LINE)
      throw new ApiError(400, `At most ${CART_MAX_QTY_PER_LINE} of ${product.name} per order.`);
    byId.set(product.id, { product, qty, lineTotalKobo: product.priceKobo * qty });
  }
  return { lines: [...byId.values()], priceChanges };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const payload = parseOrThrow(payloadSchema, await readJson(request));
    const details = parseOrThrow(checkoutSchema, payload);
    const { lines, priceChanges } = await matchItems(context, payload.items);

    const header = request.headers.get("Idempotency-Key");
    if (header !== null && !/^[A-Za-z0-9_-]{8,64}$/.test(header)) {
      throw new ApiError(400, "Idempotency-Key must be 8 to 64 letters, digits, - or _.");
    }
    // With a Bearer token the order belongs to that account; without one it is a guest order.
    const user = await getUser(request, context);
    const { order, created } = await placeOrder(context.db, {
      details,
      lines,
      idempotencyKey: header ?? crypto.randomUUID(),
      userId: user?.id,
    });

    const origin = context.config.publicOrigin ?? new URL(request.url).origin;
    const statusUrl = `${origin}/order/${order.accessToken}`;
    const whatsappUrl = whatsAppLink(
      context.config.sellerWhatsApp,
      orderWhatsAppMessage({ ...order, statusUrl }),
    );
    const totalAmount = koboToNaira(order.totalKobo);
    const totalDiffers =
      payload.totalAmount !== undefined && nairaToKobo(payload.totalAmount) !== order.totalKobo;
    return Response.json(
      {
        success: true,
        order: { ...toApiOrder(order, origin), statusUrl, whatsappUrl },
        ...(priceChanges.length > 0 || totalDiffers
          ? {
              message: "Prices were taken from the catalogue; the order total differs from the one sent.",
              priceChanges,
              clientTotalAmount: payload.totalAmount,
              totalAmount,
            }
          : {}),
      },
      { status: created ? 201 : 200 },
    );
  });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
