/**
 * Checkout: delivery details checked, lines priced from the catalogue, the order and its lines written in
 * one batch, once per idempotency key of a caller (idempotency.server.ts). The page (cart cookie + form)
 * and `POST /api/orders/checkout` (items in JSON) differ only in where the lines come from.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { AppError } from "~/lib/app-error";
import { nairaToKobo } from "~/lib/money";
import { GUEST_CHANNEL } from "~/lib/messages";
import { PAYMENT_METHOD, PRESCRIPTION_ONLY, needsPrescription } from "~/lib/vocabularies";
import { generateOrderRef, randomToken } from "~/lib/random";
import { checkoutSchema, checkoutSummary, deliveryChoiceSchema } from "~/lib/validation";
import {
  getOrderByIdempotencyKey,
  insertClaimedOrder,
  insertOrder,
  lastDeliveryDetails,
  stockOf,
  type ClaimedLine,
  type OrderWithItems,
} from "~/models/order.server";
import type { Prescription } from "~/db/schema";
import { MAX_IMAGE_BYTES } from "~/services/uploads.server";
import { asStatements, enqueueMessages, orderReceivedMessages } from "../messages/messages.server";
import { NO_PRESCRIPTION_NEEDS, type PrescriptionNeeds } from "./prescription-needs";
import {
  discardPrescription,
  ownPrescription,
  uploadPrescription,
} from "../prescriptions/prescriptions.server";
import { getProfile, type Profile, type UserRef } from "~/models/user.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { quoteDelivery, UNKNOWN_STATE, type DeliveryQuote } from "../delivery/delivery.server";
import { liveCaller, presentedSession } from "~/services/session.server";
import { parseOrThrow } from "~/services/http.server";
import { CART_MAX_LINES, CART_MAX_QTY_PER_LINE } from "../cart/cart";
import { readCart, writeCart } from "../cart/cart-cookie.server";
import { removedFromCartNotice } from "../cart/cart.server";
import { lineTotalKobo, priceCart, priceItems, totalOf, type PricedLine } from "../cart/pricing.server";
import type { PublicUser } from "~/lib/user";
import { IDEMPOTENCY_KEY, scopeKey, type ScopedKey } from "./idempotency.server";
import { sql, type SQL } from "drizzle-orm";
import { deliveryFeeSql } from "~/models/delivery.server";
import { isNigerianState } from "~/lib/nigeria";
import {
  ACCOUNT_GONE,
  CHECKOUT_FORM_EXPIRED,
  CHECKOUT_FORM_REUSED,
  ONLINE_PAYMENT_OFF,
  EMPTY_CART_MESSAGE,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_REUSED,
  outOfStockMessage,
  photoTooLargeMessage,
  PRESCRIPTION_REQUIRED,
  PRESCRIPTION_REQUIRED_API,
  UNKNOWN_PRESCRIPTION,
  type StockShortage,
} from "./messages";

type Details = z.infer<typeof checkoutSchema>;
type DeliveryChoice = z.infer<typeof deliveryChoiceSchema>;

type PlaceOrderInput = {
  details: Details;
  lines: PricedLine[];
  key: ScopedKey;
  userId: string | null;
  /**
   * The prescription a prescription-only order is placed with (null when none of its lines needs one); a
   * check still running is awaited only for a new order (a replay answers whatever it would say).
   */
  prescriptionId?: string | null | Promise<string | null>;
  choice: DeliveryChoice;
  /** The delivery's quote (deliveryQuote), started beside the caller's other reads. */
  delivery: Promise<DeliveryQuote | null>;
  /**
   * The caller has just looked for an earlier order with this key and found none. Otherwise nobody looked:
   * the order's batch finds an earlier one (the key's unique index refuses it), and a refusal of a new order
   * looks first, so a retry still replays.
   */
  checked: boolean;
};

/** The lines a pharmacist must check against a prescription (the server decides, from the catalogue). */
export const prescriptionLines = (lines: PricedLine[]) =>
  lines.filter((line) => needsPrescription(line.product.medicineClass));

function shortagesOf(lines: PricedLine[], stock: Map<number, number | null>): StockShortage[] {
  return lines.flatMap((line) => {
    const left = stock.get(line.product.id);
    return left != null && left < line.qty ? [{ name: line.product.name, left }] : [];
  });
}

/**
 * Refuses up front a line the catalogue cannot fill (docs/product-rules.md, Stock). The order's own batch
 * checks again, for two buyers racing for the last units.
 */
function assertInStock(lines: PricedLine[]) {
  const shortages = shortagesOf(lines, new Map(lines.map((l) => [l.product.id, l.product.stock])));
  if (shortages.length > 0) throw new AppError(409, outOfStockMessage(shortages));
}

/**
 * What delivering the order costs (null: no state given, the fee is to be confirmed). The server prices
 * delivery as it prices the lines; its reads start at once, while the subtotal may still be on its way.
 */
function deliveryQuote(
  context: AppLoadContext,
  choice: DeliveryChoice,
  subtotalKobo: Promise<number>,
): Promise<DeliveryQuote | null> {
  const quote =
    choice.deliveryState === null
      ? Promise.resolve(null)
      : quoteDelivery(context, choice.deliveryState, subtotalKobo);
  quote.catch(() => undefined);
  return quote;
}

/** The order this caller already placed with this key and this request; 409 when the request differs. */
async function earlierOrder(context: AppLoadContext, key: ScopedKey) {
  const existing = await getOrderByIdempotencyKey(context.db, key.hash);
  if (existing && existing.requestFingerprint !== key.fingerprint) {
    throw new AppError(409, key.conflictMessage);
  }
  return existing;
}

/**
 * Records the order (all or nothing). A second call with the same key and request (double click, retry,
 * back-and-resubmit) returns the first order instead of making another; when two race, the unique index
 * on the key decides which one writes.
 */
async function placeOrder(
  context: AppLoadContext,
  input: PlaceOrderInput,
): Promise<{ order: OrderWithItems; created: boolean }> {
  const { db } = context;
  const subtotalKobo = totalOf(input.lines);
  const prescribing = Promise.resolve(input.prescriptionId ?? null);
  prescribing.catch(() => undefined);
  let prescriptionId: string | null;
  let delivery: DeliveryQuote | null;
  try {
    if (input.lines.length === 0) throw new AppError(400, EMPTY_CART_MESSAGE);
    // Awaited one after the other: a refused prescription is said before an unknown state.
    prescriptionId = await prescribing;
    delivery = await input.delivery;
  } catch (error) {
    // A retry of an order already made replays it, whatever would refuse a new one now (its units sold
    // out, say): one more trip to D1, on a refusal only.
    const existing = input.checked ? undefined : await earlierOrder(context, input.key);
    if (existing) return { order: existing, created: false };
    throw error;
  }

  for (let attempt = 0; attempt < 4; attempt++) {
    const id = crypto.randomUUID();
    const orderRef = generateOrderRef();
    const accessToken = randomToken();
    const reviewStatus = prescriptionLines(input.lines).length > 0 ? "pending" : null;
    const totalKobo = subtotalKobo + (delivery?.feeKobo ?? 0);
    // "Order received" (and staff's "awaits review") are written with the order, in its batch.
    const messages = await orderReceivedMessages(context, {
      id,
      orderRef,
      accessToken,
      userId: input.userId,
      email: input.details.email,
      phone: input.details.phone,
      totalKobo,
      paymentMethod: input.choice.paymentMethod,
      paymentStatus: "unpaid",
      reviewStatus,
      updatesBy: input.choice.updatesBy,
    });
    const written = await insertOrder(
      db,
      {
        id,
        orderRef,
        accessToken,
        idempotencyKey: input.key.hash,
        requestFingerprint: input.key.fingerprint,
        userId: input.userId,
        prescriptionId,
        reviewStatus,
        name: input.details.name,
        email: input.details.email,
        phone: input.details.phone,
        deliveryAddress: input.details.deliveryAddress,
        deliveryState: delivery?.state ?? null,
        deliveryFeeKobo: delivery?.feeKobo ?? null,
        paymentMethod: input.choice.paymentMethod,
        updatesBy: input.choice.updatesBy,
        totalKobo,
      },
      input.lines.map((line) => ({
        productId: line.product.id,
        name: line.product.name,
        imageKey: line.product.imageKey,
        unitPriceKobo: line.product.priceKobo,
        quantity: line.qty,
      })),
      asStatements(context, messages),
    );
    const { outcome } = written;
    if (outcome === "duplicate-ref") continue;
    if (outcome === "created") {
      enqueueMessages(context, messages);
      return { order: written.order, created: true };
    }
    // The account was deleted while this checkout ran: nothing was written, no personal data left behind.
    if (outcome === "account-gone") throw new AppError(401, ACCOUNT_GONE);
    if (outcome === "out-of-stock") {
      // Someone bought the last units first: say what ran short and how many are left now.
      const stock = await stockOf(
        db,
        input.lines.map((l) => l.product.id),
      );
      throw new AppError(409, outOfStockMessage(shortagesOf(input.lines, stock)));
    }
    // The key's unique index refused a second order: the earlier one (or a racing twin's) is the answer.
    const order = await earlierOrder(context, input.key);
    if (!order) throw new Error("The order under this key vanished");
    return { order, created: false };
  }
  throw new Error("Could not find a free order reference");
}

/** The delivery details as a fingerprint sees them: parsed (so spacing or phone spelling do not count). */
const canonicalDetails = (d: Details, c: DeliveryChoice) => [
  d.name,
  d.email,
  d.phone,
  d.deliveryAddress,
  c.deliveryState ?? "",
  c.paymentMethod,
  // Only a choice other than the default counts: fingerprints from before the choice stay the same.
  ...(c.updatesBy === GUEST_CHANNEL ? [] : [c.updatesBy]),
];

/** Paying online only while the shop has it switched on (the form then offers it). */
function refuseOfflineMethod(context: AppLoadContext, choice: DeliveryChoice) {
  if (PAYMENT_METHOD.entry(choice.paymentMethod).online && !context.config.paystack)
    throw new AppError(400, ONLINE_PAYMENT_OFF, { paymentMethod: ONLINE_PAYMENT_OFF });
}

function checkIdempotencyKey(key: unknown, message: string): string {
  if (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key)) throw new AppError(400, message);
  return key;
}

/**
 * The buyer (null for a guest), once checkouts from this client or account are within their limit (unless
 * this checkout was `counted` already). Placed while signed in, the order belongs to the account (never
 * matched by e-mail later).
 */
async function limitedBuyer(request: Request, context: AppLoadContext, counted = false) {
  const user = await liveCaller(request, context);
  if (!counted) await enforceRateLimit(request, context, "checkout", user?.id);
  return user;
}

async function sha256Hex(bytes: ArrayBuffer) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The checkout form's prescription fields: a chosen upload's id, or a photo attached to the form. */
type PrescriptionChoice = { prescriptionId: string | null; file: File | null };

function prescriptionChoice(form: FormData): PrescriptionChoice {
  const id = form.get("prescriptionId");
  const file = form.get("prescription");
  return {
    prescriptionId: typeof id === "string" && id !== "" && id !== "new" ? id.slice(0, 100) : null,
    file: file instanceof File && file.size > 0 ? file : null,
  };
}

/** What the idempotency fingerprint sees of the choice: the id, or the attached photo's content hash. */
async function canonicalChoice({ prescriptionId, file }: PrescriptionChoice): Promise<string[]> {
  if (prescriptionId) return [`id:${prescriptionId}`];
  if (!file) return [];
  return [
    file.size > MAX_IMAGE_BYTES ? "file:too-large" : `file:${await sha256Hex(await file.arrayBuffer())}`,
  ];
}

/**
 * The prescription a form's prescription-only order is placed with: one of the customer's own uploads, or
 * the photo attached to the form (stored through the one upload pipeline, the customer's or, for a guest,
 * the order's). `uploaded` is set when this call stored it.
 */
async function formPrescription(
  request: Request,
  context: AppLoadContext,
  user: PublicUser | null,
  form: FormData,
  choice: PrescriptionChoice,
): Promise<{ prescription: Prescription; uploaded: boolean }> {
  if (choice.prescriptionId) {
    const own = user ? await ownPrescription(context, user.id, choice.prescriptionId) : undefined;
    if (!own) throw new AppError(400, UNKNOWN_PRESCRIPTION);
    return { prescription: own, uploaded: false };
  }
  if (!choice.file) throw new AppError(400, PRESCRIPTION_REQUIRED);
  if (choice.file.size > MAX_IMAGE_BYTES) {
    const message = photoTooLargeMessage(choice.file.size, MAX_IMAGE_BYTES);
    throw new AppError(413, message, { prescription: message });
  }
  const prescription = await uploadPrescription(request, context, user, form, { field: "prescription" });
  return { prescription, uploaded: true };
}

/**
 * The checkout page and drawer: the cart cookie becomes an order. Answers the order and the cookie that
 * empties the cart. A cart holding products that left the catalogue is trimmed (409, the new cookie in
 * the error's headers) so the shopper can review it.
 */
export async function checkoutCart(request: Request, context: AppLoadContext, form: FormData) {
  const user = await limitedBuyer(request, context);
  const userId = user?.id ?? null;
  const idempotencyKey = checkIdempotencyKey(form.get("idempotencyKey"), CHECKOUT_FORM_EXPIRED);
  const details = parseOrThrow(
    checkoutSchema,
    Object.fromEntries(
      ["name", "email", "phone", "deliveryAddress"].map((k) => [k, form.get(k) ?? undefined]),
    ),
    checkoutSummary,
  );
  const deliveryChoice = parseOrThrow(deliveryChoiceSchema, {
    deliveryState: form.get("deliveryState") ?? undefined,
    paymentMethod: form.get("paymentMethod") ?? undefined,
    updatesBy: form.get("updatesBy") ?? undefined,
  });
  refuseOfflineMethod(context, deliveryChoice);
  // The form always asks where to: a new order carries its state and fee. Only older API clients leave
  // the state out (their fee is then to be confirmed).
  if (deliveryChoice.deliveryState === null)
    throw new AppError(400, UNKNOWN_STATE, { deliveryState: UNKNOWN_STATE });
  const emptyCart = await writeCart([], context.config);

  // A double click, a retry or back-and-resubmit carries the same key: show the order it already made.
  // The cart cookie is empty by then, so the form's key is bound to the delivery details and the
  // prescription chosen or attached.
  const choice = prescriptionChoice(form);
  const key = await scopeKey(
    request,
    userId,
    idempotencyKey,
    ["page", ...canonicalDetails(details, deliveryChoice), ...(await canonicalChoice(choice))],
    CHECKOUT_FORM_REUSED,
  );
  // Checked before any photo is stored: a replayed order never stores its photo twice. The cart's prices
  // travel to D1 with the check (one trip).
  const earlier = earlierOrder(context, key);
  const cart = await readCart(request, context.config);
  const pricing = priceCart(context, cart);
  pricing.catch(() => undefined);
  const subtotal = pricing.then((p) => p.totalKobo);
  subtotal.catch(() => undefined);
  const delivery = deliveryQuote(context, deliveryChoice, subtotal);
  const existing = await earlier;
  if (existing) return { order: existing, setCookie: emptyCart };
  const priced = await pricing;
  if (priced.missingIds.length > 0) {
    const kept = cart.filter((line) => !priced.missingIds.includes(line.productId));
    throw new AppError(
      409,
      `${removedFromCartNotice(priced.missingIds.length)} Please review your cart and try again.`,
      undefined,
      { "Set-Cookie": await writeCart(kept, context.config) },
    );
  }
  if (priced.lines.length === 0) throw new AppError(400, EMPTY_CART_MESSAGE);
  assertInStock(priced.lines);
  if (prescriptionLines(priced.lines).length === 0) {
    const { order } = await placeOrder(context, {
      details,
      lines: priced.lines,
      key,
      userId,
      choice: deliveryChoice,
      delivery,
      checked: true,
    });
    return { order, setCookie: emptyCart };
  }
  const { prescription, uploaded } = await formPrescription(request, context, user, form, choice);
  try {
    const { order } = await placeOrder(context, {
      details,
      lines: priced.lines,
      key,
      userId,
      prescriptionId: prescription.id,
      choice: deliveryChoice,
      delivery,
      checked: true,
    });
    if (uploaded && order.prescriptionId !== prescription.id && !user) {
      // A racing twin placed the order with its own copy: this one belongs to nothing.
      await discardPrescription(context, prescription);
    }
    return { order, setCookie: emptyCart };
  } catch (error) {
    // A guest's photo belongs to the order alone: no order, no photo. A customer keeps theirs to reuse.
    if (uploaded && !user) await discardPrescription(context, prescription);
    throw error;
  }
}

/**
 * The prescription an API order is placed with: prescription-only lines need one of the caller's own
 * uploads (a guest caller cannot name any). Checks stock first, so a sold-out order says so.
 */
async function apiPrescription(
  user: PublicUser | null,
  lines: PricedLine[],
  /** The upload the caller named, as ownPrescription answers it (read beside the session lookup). */
  named: Promise<Prescription | undefined> | null,
): Promise<string | null> {
  assertInStock(lines);
  if (prescriptionLines(lines).length === 0) return null;
  if (!user || !named) throw new AppError(400, PRESCRIPTION_REQUIRED_API);
  const own = await named;
  if (!own) throw new AppError(400, UNKNOWN_PRESCRIPTION);
  return own.id;
}

const positiveId = z.union([z.string(), z.number()]).transform((raw, ctx) => {
  const id = Number(raw);
  if (Number.isSafeInteger(id) && id > 0) return id;
  ctx.addIssue({ code: "custom", message: `Unknown product id: ${String(raw)}` });
  return z.NEVER;
});

const QTY_RULE = `quantity must be a whole number from 1 to ${CART_MAX_QTY_PER_LINE}`;

const apiItemSchema = z
  .object({
    productId: positiveId.optional(),
    _id: positiveId.optional(),
    name: z.string().trim().max(200).optional(),
    price: z.number().nonnegative().optional(),
    quantity: z
      .number({ error: QTY_RULE })
      .int(QTY_RULE)
      .min(1, QTY_RULE)
      .max(CART_MAX_QTY_PER_LINE, QTY_RULE),
    image: z.string().max(2000).nullable().optional(),
  })
  .transform(({ productId, _id, ...item }) => ({ ...item, productId: productId ?? _id }));

const apiPayloadSchema = z.object({
  name: z.string({ error: "name is required" }),
  email: z.string({ error: "email is required" }),
  phone: z.string({ error: "phone is required" }),
  deliveryAddress: z.string({ error: "deliveryAddress is required" }),
  items: z
    .array(apiItemSchema, { error: "items must be a list" })
    .min(1, "items must not be empty")
    .max(CART_MAX_LINES, `at most ${CART_MAX_LINES} items`),
  totalAmount: z.number().optional(),
  prescriptionId: z.string({ error: "prescriptionId must be a string" }).max(100).optional(),
  deliveryState: z.unknown().optional(),
  paymentMethod: z.unknown().optional(),
  updatesBy: z.unknown().optional(),
});

/** The API's request as the checkout reads it; throws its 400. */
function parseApiCheckout(context: AppLoadContext, body: unknown) {
  const payload = parseOrThrow(apiPayloadSchema, body);
  const details = parseOrThrow(checkoutSchema, payload);
  const choice = parseOrThrow(deliveryChoiceSchema, {
    deliveryState: payload.deliveryState,
    paymentMethod: payload.paymentMethod,
    updatesBy: payload.updatesBy,
  });
  refuseOfflineMethod(context, choice);
  return { payload, details, choice };
}

type ApiCheckout = ReturnType<typeof parseApiCheckout>;

/**
 * The fingerprint's view of an API order: the details, the items as matched (product ids and merged
 * quantities, in id order) and the prescription named, not the names or prices the client sent.
 */
const canonicalApiRequest = (
  { payload, details, choice }: ApiCheckout,
  matched: { productId: number; quantity: number }[],
) => [
  "api",
  ...canonicalDetails(details, choice),
  matched.map((line) => [line.productId, line.quantity]).sort((a, b) => a[0]! - b[0]!),
  ...(payload.prescriptionId ? [payload.prescriptionId] : []),
];

/** What a request claims its order is made from: the lines, and the delivery it was quoted (if any). */
type Claim = { lines: ClaimedLine[]; delivery: { state: string; feeKobo: number } | null };

/**
 * What a request claims, when it says everything its order is made from: every item names its product by
 * id and the price the client was shown (one price per product), within the per-line cap; no prescription
 * named (its check reads D1 first); and, with a delivery state, the total it was quoted, from which the fee
 * it expects follows. Undefined otherwise.
 */
function claimOf({ payload, choice }: ApiCheckout): Claim | undefined {
  if (payload.prescriptionId !== undefined) return undefined;
  const lines = new Map<number, ClaimedLine>();
  for (const item of payload.items) {
    if (item.productId === undefined || item.price === undefined) return undefined;
    const unitPriceKobo = nairaToKobo(item.price);
    const seen = lines.get(item.productId);
    const quantity = (seen?.quantity ?? 0) + item.quantity;
    if ((seen && seen.unitPriceKobo !== unitPriceKobo) || quantity > CART_MAX_QTY_PER_LINE) return undefined;
    lines.set(item.productId, { productId: item.productId, quantity, unitPriceKobo });
  }
  const claimed = [...lines.values()];
  const state = choice.deliveryState;
  if (state === null) return { lines: claimed, delivery: null };
  if (!isNigerianState(state) || payload.totalAmount === undefined) return undefined;
  const feeKobo = nairaToKobo(payload.totalAmount) - subtotalOf(claimed);
  return feeKobo >= 0 ? { lines: claimed, delivery: { state, feeKobo } } : undefined;
}

const subtotalOf = (lines: ClaimedLine[]) =>
  lines.reduce((sum, l) => sum + lineTotalKobo(l.unitPriceKobo, l.quantity), 0);

/**
 * An API order in one trip to D1, read nowhere first: made from what the request claims (claimOf) and
 * written only while the database agrees (models/order.server.ts, insertClaimedOrder): the caller's session
 * live, no order under the key, each product still at the price claimed, in stock and sold without a
 * prescription, and the delivery fee the one quoted; so the order is the one the read-then-write checkout
 * would make. Answers it, an earlier order under the key (a replay, or 409 for another request), or
 * undefined when the database disagreed and nothing was written: the read-then-write checkout then decides,
 * and says why.
 */
async function checkoutAsClaimed(
  request: Request,
  context: AppLoadContext,
  parsed: ApiCheckout,
  { lines, delivery }: Claim,
  idempotencyKey: string,
  session: { idHash: string; userId: SQL; live: SQL } | null,
): Promise<{ order: OrderWithItems; created: boolean } | undefined> {
  const { details, choice } = parsed;
  const userId = session?.userId ?? null;
  const key = await scopeKey(
    request,
    userId,
    idempotencyKey,
    canonicalApiRequest(parsed, lines),
    IDEMPOTENCY_KEY_REUSED,
  );
  const subtotalKobo = subtotalOf(lines);
  const totalKobo = subtotalKobo + (delivery?.feeKobo ?? 0);
  const id = crypto.randomUUID();
  const orderRef = generateOrderRef();
  const accessToken = randomToken();
  const messages = await orderReceivedMessages(context, {
    id,
    orderRef,
    accessToken,
    userId,
    email: details.email,
    phone: details.phone,
    totalKobo,
    paymentMethod: choice.paymentMethod,
    paymentStatus: "unpaid",
    reviewStatus: null,
    updatesBy: choice.updatesBy,
  });
  const written = await insertClaimedOrder(
    context.db,
    {
      id,
      orderRef,
      accessToken,
      idempotencyKey: key.hash,
      requestFingerprint: key.fingerprint,
      userId,
      prescriptionId: null,
      reviewStatus: null,
      name: details.name,
      email: details.email,
      phone: details.phone,
      deliveryAddress: details.deliveryAddress,
      deliveryState: delivery?.state ?? null,
      deliveryFeeKobo: delivery?.feeKobo ?? null,
      paymentMethod: choice.paymentMethod,
      updatesBy: choice.updatesBy,
      totalKobo,
    },
    lines,
    {
      may: [
        ...(session ? [session.live] : []),
        ...(delivery ? [sql`${deliveryFeeSql(delivery.state, subtotalKobo)} = ${delivery.feeKobo}`] : []),
      ],
      classesNot: [PRESCRIPTION_ONLY],
      also: (orderWritten) => asStatements(context, messages, [orderWritten]),
    },
  );
  if (written.outcome === "created") {
    enqueueMessages(context, messages);
    return { order: written.order, created: true };
  }
  if (written.outcome !== "earlier") return undefined;
  if (written.order.requestFingerprint !== key.fingerprint) throw new AppError(409, key.conflictMessage);
  return { order: written.order, created: false };
}

/**
 * `POST /api/orders/checkout`: items matched to the catalogue and priced by the server. Answers the order,
 * whether it is new, and any price or total the client sent that differs from the catalogue's.
 *
 * One trip to D1 when the request claims everything its order is made from and the database agrees
 * (checkoutAsClaimed); otherwise (a price or fee that changed, an item named by name, a prescription to
 * check, a refusal to explain) it reads, then writes (checkoutItemsRead).
 */
export async function checkoutItems(request: Request, context: AppLoadContext, body: unknown) {
  let parsed: ApiCheckout | undefined;
  let invalid: unknown;
  try {
    parsed = parseApiCheckout(context, body);
  } catch (error) {
    invalid = error;
  }
  const header = request.headers.get("Idempotency-Key");
  const claim = parsed && (header === null || IDEMPOTENCY_KEY.test(header)) ? claimOf(parsed) : undefined;
  const session = claim ? await presentedSession(request, context) : undefined;
  if (!parsed || !claim || session === undefined || session === "refused")
    return checkoutItemsRead(request, context, parsed, invalid);
  // Counted by its session: the account behind it is known only once the order's batch has run.
  await enforceRateLimit(request, context, "checkout", session && { session: session.idHash });
  const placed = await checkoutAsClaimed(
    request,
    context,
    parsed,
    claim,
    header ?? crypto.randomUUID(),
    session,
  );
  if (placed) return { ...placed, priceChanges: [], ...totalCheck(parsed, placed.order) };
  return checkoutItemsRead(request, context, parsed, undefined, true);
}

/** Whether the total the client sent (if any) differs from the order's. */
const totalCheck = ({ payload }: ApiCheckout, order: OrderWithItems) => ({
  totalDiffers: payload.totalAmount !== undefined && nairaToKobo(payload.totalAmount) !== order.totalKobo,
  clientTotalAmount: payload.totalAmount,
});

/**
 * The API's checkout that reads first. Two trips to D1: everything it reads (the catalogue's prices, the
 * delivery fee, the prescription named) starts beside the session lookup, whose answer (a live caller
 * within its limit) is awaited before any of it is used; then the order's batch, which reads the order
 * back. No earlier order under the key is looked for first: the key's unique index refuses a second one,
 * and the earlier is read then. `counted`: the caller was counted against its limit already.
 */
async function checkoutItemsRead(
  request: Request,
  context: AppLoadContext,
  parsed: ApiCheckout | undefined,
  invalid: unknown,
  counted = false,
) {
  const buyer = limitedBuyer(request, context, counted);
  buyer.catch(() => undefined);
  const pricing = parsed ? priceItems(context, parsed.payload.items) : undefined;
  pricing?.catch(() => undefined);
  // Its refusal (an unknown product) is answered through `pricing`; this copy must not go unhandled.
  const subtotal = pricing?.then(({ lines }) => totalOf(lines));
  subtotal?.catch(() => undefined);
  const delivery = parsed && subtotal ? deliveryQuote(context, parsed.choice, subtotal) : undefined;
  const named = parsed?.payload.prescriptionId
    ? ownPrescription(
        context,
        buyer.then(
          (user) => user?.id ?? null,
          () => null,
        ),
        parsed.payload.prescriptionId,
      )
    : null;
  named?.catch(() => undefined);
  // Refused (a dead token, too many checkouts) before the request is judged, as before any read was used.
  const user = await buyer;
  if (!parsed) throw invalid;
  const userId = user?.id ?? null;
  const { details, choice } = parsed;
  const { lines, priceChanges } = await pricing!;
  const header = request.headers.get("Idempotency-Key");
  const idempotencyKey =
    header === null ? crypto.randomUUID() : checkIdempotencyKey(header, IDEMPOTENCY_KEY_INVALID);
  const key = await scopeKey(
    request,
    userId,
    idempotencyKey,
    canonicalApiRequest(
      parsed,
      lines.map((line) => ({ productId: line.product.id, quantity: line.qty })),
    ),
    IDEMPOTENCY_KEY_REUSED,
  );
  // A retry of an order already made replays it, even once its units are sold out (placeOrder looks for
  // it before it refuses; the prescription's check counts only for a new order).
  const { order, created } = await placeOrder(context, {
    details,
    lines,
    key,
    userId,
    prescriptionId: apiPrescription(user, lines, named),
    choice,
    delivery: delivery!,
    checked: false,
  });
  return { order, created, priceChanges, ...totalCheck(parsed, order) };
}

/** The cart's prescription-only items (from the catalogue) and, for a customer, their uploads. */
export function prescriptionNeeds(
  items: PrescriptionNeeds["items"],
  uploads: PrescriptionNeeds["uploads"],
): PrescriptionNeeds {
  return items.length === 0 ? NO_PRESCRIPTION_NEEDS : { items, uploads };
}

/**
 * A signed-in customer's delivery form starts filled in: name and e-mail, then the phone and address of
 * their profile, or else of their last order.
 */
export async function deliveryDetails(context: AppLoadContext, user: UserRef) {
  const [profile, last]: [Profile | undefined, { phone?: string; deliveryAddress?: string }] =
    await Promise.all([getProfile(context.db, user), lastDeliveryDetails(context.db, user)]);
  return {
    phone: profile?.phone ?? last.phone,
    deliveryAddress: profile?.deliveryAddress ?? last.deliveryAddress,
    deliveryState: profile?.deliveryState ?? undefined,
  };
}
