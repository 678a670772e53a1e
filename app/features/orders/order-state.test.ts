/**
 * The order's state machine, pair by pair: every (from, to) of the delivery status, the payment status and
 * the prescription review, for each actor and each state the rule depends on. The tables are written out
 * by hand (what the shop promises), the pairs enumerated from the registries: a new value fails here until
 * its row and column are written.
 */
import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import {
  DELIVERY_STATUS,
  PAYMENT_METHOD,
  PAYMENT_STATUS,
  REVIEW_DECISION,
  REVIEW_STATUS,
  type DeliveryStatus,
  type OrderActor,
  type PaymentStatusEntry,
  type ReviewStatus,
} from "~/lib/vocabularies";
import {
  ALREADY_REVIEWED,
  AWAITING_REVIEW,
  changesNothing,
  deliveryRefusal,
  gatewayChange,
  handRefundEndsOrder,
  nextStatuses,
  NOT_A_PHARMACIST,
  NOT_A_PRESCRIPTION_ORDER,
  ONLINE_PAID_BY_GATEWAY,
  ONLY_PENDING_CANCELS,
  ONLY_STAFF_SET_STATUS,
  ONLY_UNPAID_RELEASED,
  ORDER_CANCELLED,
  isPayableOnline,
  METHOD_AFTER_PAYMENT,
  METHOD_NOT_ONLINE,
  METHOD_ONCE_PREPARED,
  methodRefusal,
  PAYMENT_NOT_YOURS,
  PAYMENT_OF_CANCELLED,
  REFUND_NOT_FAILED,
  paymentRefusal,
  planOrderChange,
  RECEIPT_ALREADY_PAID,
  RECEIPT_CANCELLED,
  receiptRefusal,
  REVIEW_OF_CANCELLED,
  reviewRefusal,
  type OrderState,
  type Refusal,
} from "./order-state";

const ACTORS: OrderActor[] = ["customer", "admin", "pharmacist", "gateway"];
const REVIEWS: (ReviewStatus | null)[] = [null, ...REVIEW_STATUS.values];

/** What a cell of a table says: "=" no change, "ok" allowed, else the refusal. */
const OUTCOMES = {
  "=": null,
  ok: null,
  final: { status: 409, message: ORDER_CANCELLED },
  review: { status: 409, message: AWAITING_REVIEW },
  staff: { status: 403, message: ONLY_STAFF_SET_STATUS },
  pending: { status: 409, message: ONLY_PENDING_CANCELS },
  cancelled: { status: 409, message: PAYMENT_OF_CANCELLED },
  forbidden: { status: 403, message: PAYMENT_NOT_YOURS },
  released: { status: 403, message: ONLY_UNPAID_RELEASED },
} satisfies Record<string, Refusal | null>;
type Outcome = keyof typeof OUTCOMES;

/** Rows are `from`, columns `to`, both in the registry's order. */
type Table = Outcome[][];

function expectTable<T extends string>(
  values: readonly T[],
  table: Table,
  refusal: (from: T, to: T) => Refusal | null,
) {
  expect(table.map((row) => row.length)).toEqual(values.map(() => values.length));
  values.forEach((from, i) =>
    values.forEach((to, j) => {
      expect(refusal(from, to), `${from} → ${to}`).toEqual(OUTCOMES[table[i][j]]);
      expect(table[i][j] === "=", `${from} → ${to} is no change`).toBe(from === to);
    }),
  );
}

const order = (state: Partial<OrderState> = {}): OrderState => ({
  deliveryStatus: "Pending",
  paymentStatus: "unpaid",
  paymentMethod: "pay_on_delivery",
  reviewStatus: null,
  ...state,
});

describe("delivery status", () => {
  //      to: Pending  Processing Shipped   Delivered  Cancelled
  const staff: Table = [
    ["=", "ok", "ok", "ok", "ok"], // from Pending
    ["ok", "=", "ok", "ok", "ok"], // from Processing
    ["ok", "ok", "=", "ok", "ok"], // from Shipped
    ["ok", "ok", "ok", "=", "ok"], // from Delivered
    ["final", "final", "final", "final", "="], // from Cancelled
  ];
  // A prescription not (yet) approved: nothing ships.
  const staffAwaitingApproval: Table = [
    ["=", "ok", "review", "review", "ok"],
    ["ok", "=", "review", "review", "ok"],
    ["ok", "ok", "=", "review", "ok"],
    ["ok", "ok", "review", "=", "ok"],
    ["final", "final", "final", "final", "="],
  ];
  // The shopper only cancels, and only while it is Pending.
  const customer: Table = [
    ["=", "staff", "staff", "staff", "ok"],
    ["staff", "=", "staff", "staff", "pending"],
    ["staff", "staff", "=", "staff", "pending"],
    ["staff", "staff", "staff", "=", "pending"],
    ["final", "final", "final", "final", "="],
  ];
  // The gateway (the payments job) only releases a Pending order whose money never came.
  const gateway: Table = [
    ["=", "released", "released", "released", "ok"],
    ["released", "=", "released", "released", "released"],
    ["released", "released", "=", "released", "released"],
    ["released", "released", "released", "=", "released"],
    ["final", "final", "final", "final", "="],
  ];
  const tables: Record<OrderActor, (review: ReviewStatus | null) => Table> = {
    admin: (review) => (review === null || review === "approved" ? staff : staffAwaitingApproval),
    pharmacist: (review) => (review === null || review === "approved" ? staff : staffAwaitingApproval),
    customer: () => customer,
    gateway: () => gateway,
  };

  for (const actor of ACTORS)
    for (const reviewStatus of REVIEWS)
      it(`${actor}, review ${reviewStatus ?? "none"}: every pair`, () => {
        expectTable(DELIVERY_STATUS.values, tables[actor](reviewStatus), (from, to) =>
          deliveryRefusal({ deliveryStatus: from, reviewStatus, paymentStatus: "unpaid" }, to, actor),
        );
      });

  it("the gateway never releases an order whose money arrived", () => {
    for (const paymentStatus of PAYMENT_STATUS.values)
      expect(
        deliveryRefusal(
          { deliveryStatus: "Pending", reviewStatus: null, paymentStatus },
          "Cancelled",
          "gateway",
        ),
      ).toEqual(
        PAYMENT_STATUS.entry(paymentStatus).settled ? { status: 409, message: ONLY_UNPAID_RELEASED } : null,
      );
  });

  it("says what each actor may move an order to now", () => {
    expect(nextStatuses({ deliveryStatus: "Pending", reviewStatus: null }, "customer")).toEqual([
      "Cancelled",
    ]);
    expect(nextStatuses({ deliveryStatus: "Processing", reviewStatus: null }, "customer")).toEqual([]);
    expect(nextStatuses({ deliveryStatus: "Pending", reviewStatus: "pending" }, "admin")).toEqual([
      "Processing",
      "Cancelled",
    ]);
    expect(nextStatuses({ deliveryStatus: "Cancelled", reviewStatus: null }, "admin")).toEqual([]);
  });
});

describe("payment status", () => {
  const f = OUTCOMES.forbidden;
  const c = OUTCOMES.cancelled;
  const after = (from: string, to: string): Refusal => ({
    status: 409,
    message: `This order's payment cannot go from ${from} to ${to}.`,
  });
  // Staff mark an order paid or not paid; the gateway's statuses are the gateway's, but for a refund it
  // reported failed (refunded by hand: not here, where no refund failed).
  const r = { status: 409, message: REFUND_NOT_FAILED } as const;
  //            to: unpaid  paid  failed  refund_pending  refunded
  const staff: (Refusal | null | "=")[][] = [
    ["=", null, f, f, after("Not paid", "Refunded")], // from unpaid
    [null, "=", f, f, after("Paid", "Refunded")], // from paid
    [null, null, "=", f, after("Payment failed", "Refunded")], // from failed
    [null, null, f, "=", r], // from refund_pending
    [null, null, f, f, "="], // from refunded
  ];
  const staffCancelled: (Refusal | null | "=")[][] = [
    ["=", c, f, f, after("Not paid", "Refunded")],
    [c, "=", f, f, after("Paid", "Refunded")],
    [c, c, "=", f, after("Payment failed", "Refunded")],
    [c, c, f, "=", r],
    [c, c, f, f, "="],
  ];
  const customer: (Refusal | null | "=")[][] = PAYMENT_STATUS.values.map((from) =>
    PAYMENT_STATUS.values.map((to) => (from === to ? "=" : f)),
  );
  const gateway: (Refusal | null | "=")[][] = [
    ["=", null, null, null, after("Not paid", "Refunded")],
    [f, "=", after("Paid", "Payment failed"), after("Paid", "Refund in progress"), after("Paid", "Refunded")],
    [f, null, "=", null, after("Payment failed", "Refunded")],
    [f, null, after("Refund in progress", "Payment failed"), "=", null],
    [f, null, after("Refunded", "Payment failed"), after("Refunded", "Refund in progress"), "="],
  ];
  // A cancelled order's money only goes back (money arriving after it was cancelled is refunded).
  const gatewayCancelled: (Refusal | null | "=")[][] = [
    ["=", c, c, null, after("Not paid", "Refunded")],
    [f, "=", c, after("Paid", "Refund in progress"), after("Paid", "Refunded")],
    [f, c, "=", null, after("Payment failed", "Refunded")],
    [f, c, c, "=", null],
    [f, c, c, after("Refunded", "Refund in progress"), "="],
  ];

  for (const actor of ACTORS)
    for (const deliveryStatus of DELIVERY_STATUS.values)
      it(`${actor}, order ${deliveryStatus}: every pair`, () => {
        const cancelled = deliveryStatus === "Cancelled";
        const table =
          actor === "admin" || actor === "pharmacist"
            ? cancelled
              ? staffCancelled
              : staff
            : actor === "gateway"
              ? cancelled
                ? gatewayCancelled
                : gateway
              : customer;
        expectTableWith(
          [...PAYMENT_STATUS.values],
          (from, to) =>
            paymentRefusal(
              { deliveryStatus, paymentStatus: from, paymentMethod: "pay_on_delivery" },
              to,
              actor,
            ),
          table,
        );
      });

  it("an order paid online is paid on the gateway's word alone, never marked paid by staff", () => {
    for (const paymentStatus of ["unpaid", "failed"])
      for (const actor of ["admin", "pharmacist"] as const)
        expect(
          paymentRefusal(
            { deliveryStatus: "Pending", paymentStatus, paymentMethod: "paystack" },
            "paid",
            actor,
          ),
        ).toEqual({ status: 409, message: ONLINE_PAID_BY_GATEWAY });
    expect(
      paymentRefusal(
        { deliveryStatus: "Pending", paymentStatus: "unpaid", paymentMethod: "paystack" },
        "paid",
        "gateway",
      ),
    ).toBeNull();
    expect(
      paymentRefusal(
        { deliveryStatus: "Pending", paymentStatus: "unpaid", paymentMethod: "bank_transfer" },
        "paid",
        "admin",
      ),
    ).toBeNull();
  });

  it("staff's refund by hand ends the order's own refund, else only an extra payment's", () => {
    const order = { deliveryStatus: "Cancelled", paymentMethod: "paystack", refundFailed: true } as const;
    expect(handRefundEndsOrder({ ...order, paymentStatus: "refund_pending" })).toBe(true);
    // A second payment's refund failed while the order is paid, or after its own refund ended.
    expect(handRefundEndsOrder({ ...order, deliveryStatus: "Pending", paymentStatus: "paid" })).toBe(false);
    expect(handRefundEndsOrder({ ...order, paymentStatus: "refunded" })).toBe(false);
    // No failure reported: the order's refund is the gateway's to finish.
    expect(handRefundEndsOrder({ ...order, paymentStatus: "refund_pending", refundFailed: false })).toBe(
      false,
    );
  });

  it("staff mark a refund done by hand only once the gateway has reported it could not make it", () => {
    const awaiting = {
      deliveryStatus: "Cancelled",
      paymentStatus: "refund_pending",
      paymentMethod: "paystack",
    } as const;
    for (const actor of ["admin", "pharmacist"] as const) {
      expect(paymentRefusal({ ...awaiting, refundFailed: true }, "refunded", actor)).toBeNull();
      expect(paymentRefusal({ ...awaiting, refundFailed: false }, "refunded", actor)).toEqual({
        status: 409,
        message: REFUND_NOT_FAILED,
      });
      expect(paymentRefusal(awaiting, "refunded", actor)).toEqual({
        status: 409,
        message: REFUND_NOT_FAILED,
      });
      // A failed refund lets staff close the refund, nothing else.
      expect(
        paymentRefusal({ ...awaiting, paymentStatus: "paid", refundFailed: true }, "refunded", actor),
      ).toEqual(after("Paid", "Refunded"));
    }
    expect(paymentRefusal({ ...awaiting, refundFailed: true }, "refunded", "customer")).toEqual(
      OUTCOMES.forbidden,
    );
    // The gateway's own word needs no failure first.
    expect(paymentRefusal(awaiting, "refunded", "gateway")).toBeNull();
    expect(
      planOrderChange(
        { ...awaiting, reviewStatus: null, refundFailed: true },
        { paymentStatus: "refunded" },
        "admin",
      ),
    ).toEqual({
      method: null,
      payment: { from: "refund_pending", to: "refunded" },
      delivery: null,
      review: null,
      restock: false,
      refund: false,
      refundedByHand: true,
    });
    expect(
      planOrderChange({ ...awaiting, reviewStatus: null }, { paymentStatus: "refunded" }, "gateway"),
    ).toMatchObject({ payment: { from: "refund_pending", to: "refunded" }, refundedByHand: false });
    expect(() =>
      planOrderChange({ ...awaiting, reviewStatus: null }, { paymentStatus: "refunded" }, "admin"),
    ).toThrow(new AppError(409, REFUND_NOT_FAILED));
  });

  it("reads who may set each status, and after which, from the registry it is given", () => {
    const narrower: PaymentStatusEntry[] = PAYMENT_STATUS.entries.map((entry) =>
      entry.value === "paid" ? { ...entry, after: ["unpaid"] } : entry,
    );
    expect(
      paymentRefusal(
        { deliveryStatus: "Pending", paymentStatus: "failed", paymentMethod: "pay_on_delivery" },
        "paid",
        "admin",
        narrower,
      ),
    ).toEqual(after("Payment failed", "Paid"));
  });
});

describe("how an order is paid", () => {
  const online = (state: Partial<OrderState> = {}) => order({ paymentMethod: "paystack", ...state });

  it("an order paid online may switch to paying offline until its money arrives", () => {
    expect(methodRefusal(online(), "pay_on_delivery", "customer")).toBeNull();
    expect(methodRefusal(online({ paymentStatus: "failed" }), "bank_transfer", "admin")).toBeNull();
    expect(methodRefusal(online({ paymentStatus: "paid" }), "pay_on_delivery", "customer")).toEqual({
      status: 409,
      message: METHOD_AFTER_PAYMENT,
    });
    expect(methodRefusal(online({ deliveryStatus: "Processing" }), "pay_on_delivery", "customer")).toEqual({
      status: 409,
      message: METHOD_ONCE_PREPARED,
    });
    expect(methodRefusal(online({ deliveryStatus: "Processing" }), "pay_on_delivery", "admin")).toBeNull();
    expect(methodRefusal(order(), "paystack", "customer")).toEqual({
      status: 409,
      message: METHOD_NOT_ONLINE,
    });
    expect(methodRefusal(online(), "pay_on_delivery", "gateway")).toEqual(OUTCOMES.forbidden);
    expect(methodRefusal(online({ deliveryStatus: "Cancelled" }), "pay_on_delivery", "admin")).toEqual(
      OUTCOMES.cancelled,
    );
  });

  it("a failed online payment switched to paying on delivery is simply not paid yet", () => {
    expect(
      planOrderChange(online({ paymentStatus: "failed" }), { paymentMethod: "pay_on_delivery" }, "customer"),
    ).toEqual({
      method: { from: "paystack", to: "pay_on_delivery" },
      payment: { from: "failed", to: "unpaid" },
      delivery: null,
      review: null,
      restock: false,
      refund: false,
      refundedByHand: false,
    });
  });

  it("cancelling an order paid online refunds it, whoever cancels it; other orders keep their payment", () => {
    for (const actor of ["customer", "admin"] as const)
      expect(
        planOrderChange(online({ paymentStatus: "paid" }), { deliveryStatus: "Cancelled" }, actor),
      ).toEqual({
        method: null,
        payment: { from: "paid", to: "refund_pending" },
        delivery: { from: "Pending", to: "Cancelled" },
        review: null,
        restock: true,
        refund: true,
        refundedByHand: false,
      });
    expect(
      planOrderChange(
        order({ paymentMethod: "bank_transfer", paymentStatus: "paid" }),
        { deliveryStatus: "Cancelled" },
        "customer",
      ),
    ).toMatchObject({ payment: null, refund: false, restock: true });
  });

  it("the gateway sets it back to online only as its money arrives, even on a cancelled order", () => {
    const switched = order({ paymentMethod: "pay_on_delivery" });
    expect(methodRefusal(switched, "paystack", "gateway")).toBeNull();
    expect(methodRefusal(order({ deliveryStatus: "Cancelled" }), "paystack", "gateway")).toBeNull();
    expect(methodRefusal(order({ paymentStatus: "paid" }), "paystack", "gateway")).toEqual(
      OUTCOMES.forbidden,
    );
    expect(methodRefusal(online(), "bank_transfer", "gateway")).toEqual(OUTCOMES.forbidden);
    // Not without the money: the method alone, or beside a failure, is refused whole.
    for (const change of [{}, { paymentStatus: "failed" as const }])
      expect(() => planOrderChange(switched, { paymentMethod: "paystack", ...change }, "gateway")).toThrow(
        new AppError(403, PAYMENT_NOT_YOURS),
      );
  });

  it("what the gateway's word makes of an order, whatever happened before it arrived", () => {
    const paidOnline = { paymentMethod: "paystack", paymentStatus: "paid" };
    const cases: [Partial<OrderState>, "success" | "failed", object | null][] = [
      [{ paymentMethod: "paystack" }, "success", paidOnline],
      [{ paymentMethod: "paystack", paymentStatus: "failed" }, "success", paidOnline],
      // Switched to paying offline before the money came: paid online again.
      [{ paymentMethod: "pay_on_delivery" }, "success", paidOnline],
      [{ paymentMethod: "bank_transfer" }, "success", paidOnline],
      // Cancelled (or released) meanwhile: the money goes back through the gateway.
      [
        { paymentMethod: "pay_on_delivery", deliveryStatus: "Cancelled" },
        "success",
        { paymentMethod: "paystack", paymentStatus: "refund_pending" },
      ],
      // Settled already: recorded, nothing more.
      [{ paymentMethod: "paystack", paymentStatus: "paid" }, "success", null],
      [{ paymentMethod: "pay_on_delivery", paymentStatus: "paid" }, "success", null],
      [
        { paymentMethod: "paystack", paymentStatus: "refunded", deliveryStatus: "Cancelled" },
        "success",
        null,
      ],
      // A failure marks only an order still paid online and waiting for it.
      [{ paymentMethod: "paystack" }, "failed", { paymentStatus: "failed" }],
      [{ paymentMethod: "pay_on_delivery" }, "failed", null],
      [{ paymentMethod: "paystack", deliveryStatus: "Cancelled" }, "failed", null],
      [{ paymentMethod: "paystack", paymentStatus: "paid" }, "failed", null],
    ];
    for (const [state, result, expected] of cases) {
      const change = gatewayChange(order(state), result);
      expect(change, `${JSON.stringify(state)} ${result}`).toEqual(expected);
      // The machine lets the gateway make every change it plans.
      if (change) expect(() => planOrderChange(order(state), change, "gateway")).not.toThrow();
    }
  });

  it("money confirmed after the switch to paying on delivery is an online payment: a cancel refunds it", () => {
    const switched = order({ paymentMethod: "pay_on_delivery" });
    const change = gatewayChange(switched, "success")!;
    expect(planOrderChange(switched, change, "gateway")).toEqual({
      method: { from: "pay_on_delivery", to: "paystack" },
      payment: { from: "unpaid", to: "paid" },
      delivery: null,
      review: null,
      restock: false,
      refund: false,
      refundedByHand: false,
    });
    // A pharmacist's rejection cancels it: refunded through the gateway like any cancel.
    const paid = online({ paymentStatus: "paid", reviewStatus: "pending" });
    expect(planOrderChange(paid, { review: "rejected" }, "pharmacist")).toMatchObject({
      payment: { from: "paid", to: "refund_pending" },
      delivery: { from: "Pending", to: "Cancelled" },
      refund: true,
    });
  });

  it("is payable online while paid online, not paid and Pending", () => {
    expect(isPayableOnline(online())).toBe(true);
    expect(isPayableOnline(online({ paymentStatus: "failed" }))).toBe(true);
    expect(isPayableOnline(online({ paymentStatus: "paid" }))).toBe(false);
    expect(isPayableOnline(online({ deliveryStatus: "Cancelled" }))).toBe(false);
    expect(isPayableOnline(order())).toBe(false);
  });
});

/** A table of refusals (null allowed, "=" no change), rows `from` and columns `to` in `values`' order. */
function expectTableWith(
  values: string[],
  refusal: (from: string, to: string) => Refusal | null,
  table: (Refusal | null | "=")[][],
) {
  values.forEach((from, i) =>
    values.forEach((to, j) =>
      expect(refusal(from, to), `${from} → ${to}`).toEqual(table[i][j] === "=" ? null : table[i][j]),
    ),
  );
}

describe("prescription review", () => {
  const pharmacist = (reviewStatus: ReviewStatus | null, deliveryStatus: DeliveryStatus): Refusal | null => {
    if (reviewStatus === null) return { status: 409, message: NOT_A_PRESCRIPTION_ORDER };
    if (reviewStatus !== "pending") return { status: 409, message: ALREADY_REVIEWED };
    if (deliveryStatus === "Cancelled") return { status: 409, message: REVIEW_OF_CANCELLED };
    return null;
  };

  for (const actor of ACTORS)
    for (const deliveryStatus of DELIVERY_STATUS.values)
      it(`${actor}, order ${deliveryStatus}: every (review, decision) pair`, () => {
        for (const reviewStatus of REVIEWS)
          for (const decision of REVIEW_DECISION.values) {
            const expected =
              actor === "pharmacist"
                ? pharmacist(reviewStatus, deliveryStatus)
                : { status: 403, message: NOT_A_PHARMACIST };
            expect(
              reviewRefusal({ deliveryStatus, reviewStatus }, actor),
              `${reviewStatus} → ${decision}`,
            ).toEqual(expected);
          }
      });

  it("approving changes the review only; rejecting cancels the order and gives its stock back", () => {
    const waiting = order({ deliveryStatus: "Processing", reviewStatus: "pending" });
    expect(planOrderChange(waiting, { review: "approved" }, "pharmacist")).toEqual({
      method: null,
      payment: null,
      delivery: null,
      review: { from: "pending", to: "approved" },
      restock: false,
      refund: false,
      refundedByHand: false,
    });
    expect(planOrderChange(waiting, { review: "rejected" }, "pharmacist")).toEqual({
      method: null,
      payment: null,
      delivery: { from: "Processing", to: "Cancelled" },
      review: { from: "pending", to: "rejected" },
      restock: true,
      refund: false,
      refundedByHand: false,
    });
  });
});

describe("receipts", () => {
  it("only an unpaid, not cancelled order paid into our account takes one", () => {
    for (const deliveryStatus of DELIVERY_STATUS.values)
      for (const paymentMethod of PAYMENT_METHOD.values)
        for (const paymentStatus of PAYMENT_STATUS.values) {
          const expected =
            deliveryStatus === "Cancelled"
              ? RECEIPT_CANCELLED
              : paymentMethod === "pay_on_delivery"
                ? "This order is paid on delivery: there is no transfer receipt to upload."
                : paymentMethod === "paystack"
                  ? "This order is paid online: there is no transfer receipt to upload."
                  : paymentStatus === "paid"
                    ? RECEIPT_ALREADY_PAID
                    : null;
          expect(receiptRefusal({ deliveryStatus, paymentMethod, paymentStatus })).toBe(expected);
        }
  });
});

describe("a whole change", () => {
  const refusalOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return { status: (error as AppError).status, message: (error as AppError).message };
    }
    return null;
  };

  it("is refused whole when one part is refused: a payment beside a status that may not follow", () => {
    const waiting = order({ reviewStatus: "pending" });
    expect(
      refusalOf(() =>
        planOrderChange(waiting, { paymentStatus: "paid", deliveryStatus: "Shipped" }, "admin"),
      ),
    ).toEqual({ status: 409, message: AWAITING_REVIEW });
  });

  it("plans every part that changes, as if made one after the other (payment first)", () => {
    expect(planOrderChange(order(), { paymentStatus: "paid", deliveryStatus: "Cancelled" }, "admin")).toEqual(
      {
        method: null,
        payment: { from: "unpaid", to: "paid" },
        delivery: { from: "Pending", to: "Cancelled" },
        review: null,
        restock: true,
        refund: false,
        refundedByHand: false,
      },
    );
    const cancelled = order({ deliveryStatus: "Cancelled" });
    expect(refusalOf(() => planOrderChange(cancelled, { paymentStatus: "paid" }, "admin"))).toEqual({
      status: 409,
      message: PAYMENT_OF_CANCELLED,
    });
  });

  it("asking for what the order already is changes nothing, even on a cancelled order", () => {
    const cancelled = order({ deliveryStatus: "Cancelled", paymentStatus: "paid" });
    const plan = planOrderChange(cancelled, { deliveryStatus: "Cancelled", paymentStatus: "paid" }, "admin");
    expect(changesNothing(plan)).toBe(true);
    expect(plan.restock).toBe(false);
    expect(changesNothing(planOrderChange(cancelled, { deliveryStatus: "Cancelled" }, "customer"))).toBe(
      true,
    );
  });
});
