/**
 * One path, two calls:
 * GET /api/orders/{email}: the orders of the account with that e-mail, for its signed-in owner or an admin
 *   (the account's own orders, never matched by e-mail; docs/product-rules.md, Orders).
 * PUT /api/orders/{id} {deliveryStatus?, paymentStatus?}: an admin changes an order's delivery status and/or
 *   marks it paid or unpaid (each recorded in its timeline); at least one of the two.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { changeOrder, orderToChange, ordersOfAccount, toApiOrder } from "~/features/orders/orders.server";
import { accountPayAttempts, payUrlsFrom } from "~/features/payments/payments.server";
import { DELIVERY_STATUS, orList, PAYMENT_STATUS } from "~/lib/vocabularies";
import { handleApi, methodNotAllowed, parseOrThrow, readJson } from "~/services/http.server";
import { requireApiBackOfficeUser, requireApiUser, withReads } from "~/services/session.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    // The account, its orders and their payment pages travel to D1 with the session lookup: one trip.
    // (A bad e-mail is a 400 only for a caller the guard lets through.)
    const [viewer, [found, attempts]] = await withReads(request, context, requireApiUser, async () => {
      const email = ordersOfAccount.email(params.key ?? "");
      return Promise.all([ordersOfAccount.reads(context, email), accountPayAttempts(context, email)]);
    });
    const orders = ordersOfAccount.allowed(viewer, found);
    const origin = new URL(request.url).origin;
    const pay = payUrlsFrom(orders, attempts);
    return Response.json(
      { orders: orders.map((order) => toApiOrder(order, origin, pay.get(order.id) ?? null)) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  });
}

const DELIVERY_STATUS_UNKNOWN = `deliveryStatus must be one of ${DELIVERY_STATUS.values.join(", ")}`;

const statusSchema = z
  .object({
    deliveryStatus: z.enum(DELIVERY_STATUS.values, { error: DELIVERY_STATUS_UNKNOWN }).optional(),
    paymentStatus: z
      .enum(PAYMENT_STATUS.values, { error: `paymentStatus must be ${orList(PAYMENT_STATUS.values)}` })
      .optional(),
  })
  .refine((body) => body.deliveryStatus !== undefined || body.paymentStatus !== undefined, {
    message: DELIVERY_STATUS_UNKNOWN,
  });

export async function action({ params, request, context }: ActionFunctionArgs) {
  // GET is the loader's (the orders of an account): both are allowed on this path.
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  return handleApi(async () => {
    // The order is read beside the session lookup (the Worker lets this call start beside its dead-token
    // check: the guard refuses a dead token before anything is written).
    const [admin, row] = await withReads(request, context, requireApiBackOfficeUser, () =>
      orderToChange(context, params.key),
    );
    const change = parseOrThrow(statusSchema, await readJson(request, 4096));
    // Both parts or neither: a refused status change leaves the payment as it was too.
    const { order } = await changeOrder(context, row ?? params.key ?? "", change, admin, "admin");
    return Response.json({
      message: "Order status updated",
      order: toApiOrder(order, new URL(request.url).origin),
    });
  });
}
