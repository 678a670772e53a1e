/**
 * POST /api/orders/checkout {email, phone, name, deliveryAddress, items[{name, price, quantity, image,
 * productId?}], totalAmount}: items are matched to the catalogue (productId, else exact name) and priced
 * by the server; a client price or total that differs is reported, never used. An Idempotency-Key header
 * makes retries safe.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { checkoutItems } from "~/features/checkout/checkout.server";
import { orderHandOff, publicOrigin, toApiOrder } from "~/features/orders/orders.server";
import { payOnlineNow, payUrls } from "~/features/payments/payments.server";
import { koboToNaira } from "~/lib/money";
import { handleApi, methodNotAllowed, readJson } from "~/services/http.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const { order, created, priceChanges, totalDiffers, clientTotalAmount } = await checkoutItems(
      request,
      context,
      await readJson(request),
    );
    const origin = publicOrigin(request, context);
    const differs = priceChanges.length > 0 || totalDiffers;
    // Paid online: a transaction at the gateway, whose page the client sends the shopper to (`payment.url`);
    // a replay answers the one already started.
    const started = created ? undefined : (await payUrls(context, [order])).get(order.id);
    const payUrl = started ?? (await payOnlineNow(request, context, order));
    return Response.json(
      {
        success: true,
        order: { ...toApiOrder(order, origin, payUrl ?? null), ...orderHandOff(order, origin, context) },
        ...(differs
          ? {
              message: "Prices were taken from the catalogue; the order total differs from the one sent.",
              priceChanges,
              clientTotalAmount,
              totalAmount: koboToNaira(order.totalKobo),
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
