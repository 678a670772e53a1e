/**
 * Every closed set of values the shop stores, each written once with what people read for it. The Drizzle
 * columns, the Zod schemas, the database's checks (triggers in drizzle/, held to these lists by a test),
 * form options, badges, the WhatsApp message and the CSV export all read these lists; a new value is added
 * here (and in a migration's check, which the test asks for) and every path follows. The medicine class
 * lives in medicine-class.ts, re-exported here: the catalogue's pages read it in the browser without the
 * order vocabularies.
 */

import { vocabulary, type ValueOf } from "./vocabulary";

export { orList, vocabulary, type ValueOf, type Vocabulary } from "./vocabulary";
export {
  DEFAULT_MEDICINE_CLASS,
  MEDICINE_CLASS,
  PRESCRIPTION_ONLY,
  needsPrescription,
  type MedicineClass,
} from "./medicine-class";

/**
 * Where an order is on its way to the customer; what may follow what is the order's state machine
 * (features/orders/order-state.ts). `open`: still being handled (what it needs, such as its
 * prescription, is kept).
 */
export const DELIVERY_STATUS = /* @__PURE__ */ vocabulary([
  { value: "Pending", label: "Pending", open: true },
  { value: "Processing", label: "Processing", open: true },
  { value: "Shipped", label: "Shipped", open: true },
  { value: "Delivered", label: "Delivered", open: false },
  { value: "Cancelled", label: "Cancelled", open: false },
]);
export type DeliveryStatus = ValueOf<typeof DELIVERY_STATUS>;

/**
 * Who changes an order: the shopper (the holder of its link or its account), an admin, a pharmacist (an
 * admin with a PCN number, who may do whatever an admin may) or, for an online payment, the payment
 * provider's verified notification.
 */
export type OrderActor = "customer" | "admin" | "pharmacist" | "gateway";

/**
 * How the shopper pays. `label` is what the shopper, the WhatsApp message and the back office read; `choice`
 * ends the sentence "Please choose how you will pay: …"; `takesReceipt`: the shopper pays us directly and
 * sends a photo of the receipt (the order page shows our account and the upload). `online`: paid through
 * the payment gateway (services/paystack.server.ts), whose verified word alone makes the order paid (the
 * `gateway` actor) and which refunds it when the order is cancelled.
 */
export const PAYMENT_METHOD = /* @__PURE__ */ vocabulary([
  {
    value: "pay_on_delivery",
    label: "Pay on delivery (cash or card on the rider’s POS)",
    choice: "on delivery",
    hint: null,
    takesReceipt: false,
    online: false,
  },
  {
    value: "bank_transfer",
    label: "Bank transfer",
    choice: "by bank transfer",
    hint: "Our account details show on your order page; upload the transfer receipt there.",
    takesReceipt: true,
    online: false,
  },
  {
    value: "paystack",
    label: "Online payment (card, bank transfer or USSD, through Paystack)",
    choice: "online",
    hint: "You go to Paystack's secure page to pay; your order shows Paid as soon as we hear from Paystack.",
    takesReceipt: false,
    online: true,
  },
]);
export type PaymentMethod = ValueOf<typeof PAYMENT_METHOD>;

/**
 * Whether the order's money has arrived. `settled`: it has and stays with us (no receipt is needed any
 * more; takings count it). `setBy`: who may move an order into this status, and `after` from which (null:
 * from any). `whenCancelled`: may still be set on a cancelled order (its refund goes on after it). The
 * machine that reads these is features/orders/order-state.ts; cancelling an order paid online moves it to
 * `refund_pending` itself.
 */
export type PaymentStatusEntry = {
  readonly value: string;
  readonly label: string;
  readonly settled: boolean;
  readonly setBy: readonly OrderActor[];
  readonly after: readonly string[] | null;
  readonly whenCancelled?: boolean;
  /** Set by anyone but the gateway only when the gateway has failed to (a refund it could not make). */
  readonly byHandAfterGatewayFails?: boolean;
};
export const PAYMENT_STATUS = /* @__PURE__ */ vocabulary([
  { value: "unpaid", label: "Not paid", settled: false, setBy: ["admin"], after: null },
  { value: "paid", label: "Paid", settled: true, setBy: ["admin", "gateway"], after: null },
  // The gateway said the shopper's payment did not go through; they may try again.
  { value: "failed", label: "Payment failed", settled: false, setBy: ["gateway"], after: ["unpaid"] },
  // Money on its way back: an order paid online and then cancelled, or paid after it was cancelled.
  {
    value: "refund_pending",
    label: "Refund in progress",
    settled: false,
    setBy: ["gateway"],
    after: ["unpaid", "failed"],
    whenCancelled: true,
  },
  // Staff set it by hand only once the gateway has reported that it could not send the money back (and
  // they have returned it another way): the order's state says so (OrderState.refundFailed).
  {
    value: "refunded",
    label: "Refunded",
    settled: false,
    setBy: ["gateway", "admin"],
    after: ["refund_pending"],
    whenCancelled: true,
    byHandAfterGatewayFails: true,
  },
] as const satisfies readonly PaymentStatusEntry[]);
export type PaymentStatus = ValueOf<typeof PAYMENT_STATUS>;

/** A pharmacist's decision on a prescription order (`label` begins "Approved by …" in the order's record). */
export const REVIEW_DECISION = /* @__PURE__ */ vocabulary([
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
]);
export type ReviewDecision = ValueOf<typeof REVIEW_DECISION>;

/**
 * Where a prescription order stands with the pharmacist: waiting, or their decision (an order with nothing
 * prescription-only has none: null).
 */
export const REVIEW_STATUS = /* @__PURE__ */ vocabulary([
  { value: "pending", label: "Awaiting pharmacist review" },
  { value: "approved", label: "Prescription approved" },
  { value: "rejected", label: "Prescription rejected" },
]);
export type ReviewStatus = ValueOf<typeof REVIEW_STATUS>;
/** Compile-time only: fails to type-check unless T is true. */
type Holds<T extends true> = T;
// Every decision is a review status an order can hold.
type _DecisionsAreStatuses = Holds<ReviewDecision extends ReviewStatus ? true : false>;

/**
 * What an entry of an order's timeline records. `staffOnly`: shown in the back office, not to the shopper
 * (a refund that failed is staff's to finish; the shopper hears when their money is back).
 */
export const ORDER_EVENT_KIND = /* @__PURE__ */ vocabulary([
  { value: "status", label: "Delivery status", staffOnly: false },
  { value: "payment", label: "Payment", staffOnly: false },
  { value: "receipt", label: "Transfer receipt uploaded", staffOnly: false },
  { value: "refund_failed", label: "Paystack could not send the money back", staffOnly: true },
]);
export type OrderEventKind = ValueOf<typeof ORDER_EVENT_KIND>;
