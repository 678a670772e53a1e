/**
 * Bank transfer receipts: the shopper photographs the transfer and uploads it on the order's page (or
 * through the API), so staff can check it before marking the order paid. Kept like prescriptions: private
 * R2 under `receipts/`, re-encoded so only the pixels survive, served never cached to the link holder, the
 * order's own account and admins. They go when the order is anonymised (docs/product-rules.md, Delivery
 * and payment).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Order } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import type { PublicUser } from "~/lib/user";
import { getOrderByAccessToken, getOrderById, setReceipt, type OrderWithItems } from "~/models/order.server";
import { DELETED_CUSTOMER } from "~/models/privacy.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { readImageField, reencodeWithin } from "~/services/uploads.server";
import { carriesSession, liveCaller } from "~/services/session.server";
import { ORDER_NOT_FOUND, orderOfLinkHolder } from "./orders.server";
import { RECEIPT_FIELD } from "./order-view";
import { receiptRefusal } from "./order-state";

const RECEIPT_PREFIX = "receipts/";
/** Enough to read a bank's small print photographed on a phone; larger photos are scaled down. */
const RECEIPT_MAX_SIDE = 2000;
const RECEIPT_QUALITY = 85;

export const RECEIPT_UPLOADED =
  "Thank you: your transfer receipt was uploaded. We mark the order paid once we see the money.";
const RECEIPT_CHANGED_MEANWHILE =
  "This order changed a moment ago. Reload the page to see it, then try again.";
export const RECEIPT_ANONYMISED =
  "This order's personal details were deleted, so it no longer takes a receipt.";
export const RECEIPT_NOT_YOURS = "You can only upload a receipt for your own order.";
export const RECEIPT_CREDENTIALS =
  "Log in as the order's account (Bearer token), or send the order's private token in X-Order-Token.";

type PaymentState = Pick<Order, "paymentMethod" | "paymentStatus" | "deliveryStatus" | "name">;

/** Why this order takes no receipt now, or null when it does. */
function refusal(order: PaymentState) {
  // An anonymised order keeps nothing of who paid: a new receipt would bring personal data back.
  if (order.name === DELETED_CUSTOMER) return RECEIPT_ANONYMISED;
  return receiptRefusal(order);
}

/** Whether the order page offers the upload form. */
export const takesReceipt = (order: PaymentState) => refusal(order) === null;

/**
 * Stores the form's receipt photo for `order` and points the order at it; the photo it replaces is deleted
 * once the order no longer points at it (a failure in between leaves an orphan, never a broken link).
 */
async function storeReceipt(
  request: Request,
  context: AppLoadContext,
  order: OrderWithItems,
  form: FormData,
  who: { id: string; name: string },
): Promise<OrderWithItems> {
  const refused = refusal(order);
  if (refused) throw new AppError(409, refused);
  await enforceRateLimit(request, context, "upload", who.id || undefined);
  const image = await reencodeWithin(context, await readImageField(form, RECEIPT_FIELD), {
    maxSide: RECEIPT_MAX_SIDE,
    quality: RECEIPT_QUALITY,
  });
  const bucket = context.cloudflare.env.IMAGES;
  const key = `${RECEIPT_PREFIX}${order.id}/${crypto.randomUUID()}.${image.extension}`;
  await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.contentType } });
  let changed = false;
  let now: OrderWithItems | undefined;
  try {
    ({ changed, now } = await setReceipt(context.db, order, { key, uploadedAt: Date.now() }, who));
  } finally {
    if (!changed) await bucket.delete(key);
  }
  // Paid, cancelled or another upload in the meantime: say which, as far as it can be told.
  if (!changed) throw new AppError(409, (now && refusal(now)) ?? RECEIPT_CHANGED_MEANWHILE);
  if (order.receiptKey) await bucket.delete(order.receiptKey);
  if (!now) throw new AppError(404, ORDER_NOT_FOUND);
  return now;
}

/** The order page's upload: the link is the key, as for viewing the order. */
export async function uploadReceiptWithLink(
  request: Request,
  context: AppLoadContext,
  token: string,
  form: FormData,
): Promise<OrderWithItems> {
  const { order, who } = await orderOfLinkHolder(request, context, token);
  return storeReceipt(request, context, order, form, who);
}

/**
 * `POST /api/orders/{id}/receipt`: the order's account or an admin (Bearer token or session), or whoever
 * holds the order's private token (its status link's last part) sent as `X-Order-Token`.
 */
export async function uploadReceiptByApi(
  request: Request,
  context: AppLoadContext,
  orderId: string,
  form: () => Promise<FormData>,
): Promise<OrderWithItems> {
  const linkToken = request.headers.get("X-Order-Token");
  if (!linkToken && !(await carriesSession(request, context))) throw new AppError(401, RECEIPT_CREDENTIALS);
  // The order is read beside the session lookup (the Worker lets this call start beside its dead-token
  // check): liveCaller refuses a dead token before anything is stored.
  const reading = /^[0-9a-f-]{36}$/.test(orderId) ? getOrderById(context.db, orderId) : undefined;
  reading?.catch(() => undefined);
  const viewer = await liveCaller(request, context);
  if (!linkToken && !viewer) throw new AppError(401, RECEIPT_CREDENTIALS);
  const order = await reading;
  const byLink = order !== undefined && linkToken !== null && linkToken === order.accessToken;
  if (!order || (linkToken && !byLink)) throw new AppError(404, ORDER_NOT_FOUND);
  const isOwner = viewer !== null && viewer.id === order.userId;
  if (!byLink && !isOwner && viewer?.role !== "admin") throw new AppError(403, RECEIPT_NOT_YOURS);
  const who = viewer && (isOwner || viewer.role === "admin") ? viewer : { id: "", name: "The customer" };
  return storeReceipt(request, context, order, await form(), who);
}

async function receiptObject(context: AppLoadContext, order: Pick<Order, "receiptKey"> | undefined) {
  if (!order?.receiptKey) return null;
  const object = await context.cloudflare.env.IMAGES.get(order.receiptKey);
  return object ? { body: object.body, contentType: object.httpMetadata?.contentType ?? "image/webp" } : null;
}

/** The receipt of the order behind this private link; null when none. */
export async function receiptWithLink(context: AppLoadContext, token: string) {
  return receiptObject(context, await getOrderByAccessToken(context.db, token));
}

/** The receipt if `viewer` may see it (an admin, or the account the order belongs to); else null. */
/** The order with this id (undefined for an unknown or malformed one), whoever asks: receiptForViewer decides. */
export async function findOrderForReceipt(context: AppLoadContext, orderId: string) {
  return /^[0-9a-f-]{36}$/.test(orderId) ? getOrderById(context.db, orderId) : undefined;
}

export async function receiptForViewer(
  context: AppLoadContext,
  viewer: PublicUser | null,
  order: OrderWithItems | undefined,
) {
  if (!viewer || !order || (viewer.role !== "admin" && order.userId !== viewer.id)) return null;
  return receiptObject(context, order);
}
