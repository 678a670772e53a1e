import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CONSENT_KINDS } from "~/lib/privacy-notice";
import { GUEST_CHANNEL, GUEST_CHANNELS, MESSAGE_CHANNEL, MESSAGE_KIND, MESSAGE_STATE } from "~/lib/messages";
import {
  DELIVERY_STATUS,
  DEFAULT_MEDICINE_CLASS,
  MEDICINE_CLASS,
  ORDER_EVENT_KIND,
  PAYMENT_METHOD,
  PAYMENT_STATUS,
  REVIEW_DECISION,
  REVIEW_STATUS,
} from "~/lib/vocabularies";

/** Epoch milliseconds, set by the database so every writer agrees on the clock. */
const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    category: text("category").notNull(),
    /** Whole kobo (1 naira = 100 kobo); never a float. */
    priceKobo: integer("price_kobo").notNull(),
    /** R2 key of the grid-sized WebP, served by /images/$key. */
    imageKey: text("image_key"),
    /** The active ingredient(s), e.g. "Paracetamol" for a branded pack; searched like the name. */
    genericName: text("generic_name"),
    /** e.g. "500 mg", "250 mg/5 mL". */
    strength: text("strength"),
    /** e.g. "Tablet", "Oral suspension". */
    dosageForm: text("dosage_form"),
    /** e.g. "2 x 10 tablets", "100 mL bottle". */
    packSize: text("pack_size"),
    manufacturer: text("manufacturer"),
    /** NAFDAC registration number as printed on the pack, e.g. "A4-0123". */
    nafdacNumber: text("nafdac_number"),
    /** Who may sell it how (docs/product-rules.md): over the counter, by a pharmacist, or on prescription. */
    medicineClass: text("medicine_class", { enum: MEDICINE_CLASS.values })
      .notNull()
      .default(DEFAULT_MEDICINE_CLASS),
    description: text("description"),
    directions: text("directions"),
    warnings: text("warnings"),
    /**
     * Other names shoppers know it by (brands, international names), one a line: searched like the name
     * (app/models/product-search.server.ts). The API and the editor take them as a list (app/lib/other-names.ts).
     */
    alsoKnownAs: text("also_known_as"),
    /**
     * Units on hand; null means not counted (products from before stock existed keep selling). A trigger
     * refuses any write that would take it below zero, so a checkout's decrement and its order share one
     * all-or-nothing batch.
     */
    stock: integer("stock"),
    createdAt: createdAt(),
  },
  (t) => [
    // Both carry what a search checks (name, category, generic name), so an alphabetical walk that tests
    // each row reads the index alone (app/models/product-search.server.ts).
    index("products_name_idx").on(t.name, t.id, t.category, t.genericName, t.alsoKnownAs),
    index("products_category_idx").on(t.category, t.name, t.id, t.genericName, t.alsoKnownAs),
    // A product's name by its id without reading its row: a search of one or two characters sorts the
    // products of one piece by name (drizzle/0025_product_names_by_id.sql).
    index("products_id_name_idx").on(t.id, t.name),
    // A product page's alternatives: the same active ingredient (whatever its case), the same strength first.
    index("products_generic_idx").on(sql`${t.genericName} COLLATE NOCASE`, t.strength, t.name, t.id),
    check("products_price_positive", sql`${t.priceKobo} > 0`),
  ],
);

/**
 * One row whose number goes up on every write to products (triggers in the migration): the guest pages the
 * edge cache keeps are keyed on it, so any catalogue change makes every older copy unreachable at once.
 */
export const catalogueVersion = sqliteTable(
  "catalogue_version",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull(),
  },
  (t) => [check("catalogue_version_one_row", sql`${t.id} = 1`)],
);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lowercased: one account per address whatever its case. */
    email: text("email").notNull().unique(),
    /** scrypt$N$r$p$salt$hash (app/services/password.server.ts). */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    /**
     * An admin's Pharmacists Council of Nigeria registration number (stored uppercased, one account each):
     * admins who have one are pharmacists, and only they review prescription orders; the one holding the
     * configured superintendent's number is the superintendent pharmacist (app/lib/admin-roles.ts).
     */
    pcnNumber: text("pcn_number"),
    /** The customer's profile: what checkout starts filled in with (normalised +234 phone). */
    phone: text("phone"),
    deliveryAddress: text("delivery_address"),
    /** One of NIGERIAN_STATES (app/lib/nigeria.ts). */
    deliveryState: text("delivery_state"),
    /** The channels the customer wants messages on ("email,sms"; app/lib/messages.ts); null: the defaults. */
    messageChannels: text("message_channels"),
    createdAt: createdAt(),
  },
  (t) => [
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
    // Admin › Users and the chat's customer picker page newest first, all accounts or one role's: these
    // indexes give that order without sorting the table, and a search walks them until a page is full.
    index("users_created_idx").on(t.createdAt, t.id),
    index("users_role_created_idx").on(t.role, t.createdAt, t.id),
    uniqueIndex("users_pcn_number_unique")
      .on(t.pcnNumber)
      .where(sql`${t.pcnNumber} IS NOT NULL`),
  ],
);

/** Server-side sessions: the cookie or bearer token is random; only its SHA-256 is stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Failed password attempts per key: an account, an (account, client address) pair, a client address, or a
 * trusted device on an account (app/features/accounts/login.server.ts says how each is used).
 */
export const authThrottle = sqliteTable("auth_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  /**
   * The latest failure (the column keeps its first name): the wait runs from it, and a key with no failure
   * for a while is forgotten.
   */
  windowStartedAt: integer("window_started_at", { mode: "number" }).notNull(),
});

export const prescriptions = sqliteTable(
  "prescriptions",
  {
    id: text("id").primaryKey(),
    /** The customer who uploaded it; null for a guest's, which belongs to the order that points at it. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Private R2 key under prescriptions/, generated by the server. */
    imageKey: text("image_key").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** When the customer agreed to us processing this health data (NDPA consent). */
    consentAt: integer("consent_at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("prescriptions_user_idx").on(t.userId, t.createdAt),
    index("prescriptions_created_idx").on(t.createdAt),
    // The retention job's sweep asks whether an R2 image still has its row.
    index("prescriptions_image_idx").on(t.imageKey),
  ],
);

export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    orderRef: text("order_ref").notNull().unique(),
    /** Secret part of the private status page URL (/order/$token). */
    accessToken: text("access_token").notNull().unique(),
    /**
     * The caller's key (the checkout form's, or an API client's Idempotency-Key) scoped to its caller, the
     * key itself never stored (features/checkout/idempotency.server.ts): `user:<account id>:sha256:` and
     * the key's hex SHA-256 for an account; `sha256:` and the hex SHA-256 of the guest's client address
     * and the key for a guest. Rows written before 0004 hold the raw key, which no hash can equal.
     */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /**
     * SHA-256 of the request the key first came with (delivery details, and the API's matched items):
     * the same key with another request is refused. Null on rows from before 0004, which never replay.
     */
    requestFingerprint: text("request_fingerprint"),
    /** The account that placed the order; null for guests. */
    userId: text("user_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    deliveryAddress: text("delivery_address").notNull(),
    totalKobo: integer("total_kobo").notNull(),
    deliveryStatus: text("delivery_status", { enum: DELIVERY_STATUS.values }).notNull().default("Pending"),
    /** The prescription a prescription-only order was placed with (the customer's upload, or the guest's). */
    prescriptionId: text("prescription_id").references(() => prescriptions.id, { onDelete: "set null" }),
    /**
     * Null when nothing in the order needs a prescription; otherwise "pending" until a pharmacist
     * approves or rejects it (the decision itself is in prescription_reviews).
     */
    reviewStatus: text("review_status", { enum: REVIEW_STATUS.values }),
    /** One of NIGERIAN_STATES; null on orders from clients that sent none (fee to be confirmed). */
    deliveryState: text("delivery_state"),
    /**
     * What delivery costs, computed by the server from delivery_fees; included in total_kobo. Null when the
     * fee is still to be confirmed (no state given), and on orders from before fees existed.
     */
    deliveryFeeKobo: integer("delivery_fee_kobo"),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHOD.values })
      .notNull()
      .default("pay_on_delivery"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUS.values }).notNull().default("unpaid"),
    /**
     * How a guest hears about the order, at its phone (one of GUEST_CHANNELS). A customer's order goes by
     * the channels their account chose instead.
     */
    updatesBy: text("updates_by", { enum: GUEST_CHANNELS }).notNull().default(GUEST_CHANNEL),
    /** Private R2 key of the bank transfer receipt the shopper uploaded (receipts/…). */
    receiptKey: text("receipt_key"),
    receiptUploadedAt: integer("receipt_uploaded_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    // Newest first with the id as tie-break, all from the index: a late page skips index entries only.
    index("orders_created_idx").on(t.createdAt, t.id),
    check("orders_total_positive", sql`${t.totalKobo} > 0`),
    index("orders_review_idx").on(t.reviewStatus, t.createdAt),
    index("orders_status_idx").on(t.deliveryStatus, t.createdAt, t.id),
    index("orders_payment_idx").on(t.paymentStatus, t.createdAt, t.id),
    index("orders_phone_idx").on(t.phone),
    index("orders_email_idx").on(t.email),
    // The back office names a guest's prescription after the order that carries it.
    index("orders_prescription_idx")
      .on(t.prescriptionId)
      .where(sql`${t.prescriptionId} IS NOT NULL`),
    // The retention job's sweep asks whether an R2 receipt still has its order.
    index("orders_receipt_idx")
      .on(t.receiptKey)
      .where(sql`${t.receiptKey} IS NOT NULL`),
  ],
);

/** A snapshot of what was bought: it survives later price changes and product deletion. */
export const orderItems = sqliteTable(
  "order_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    imageKey: text("image_key"),
    unitPriceKobo: integer("unit_price_kobo").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    check("order_items_quantity_range", sql`${t.quantity} BETWEEN 1 AND 99`),
    check("order_items_price_positive", sql`${t.unitPriceKobo} > 0`),
  ],
);

/** Every delivery status change: who made it, when, from what to what (the order's timeline). */
export const orderStatusEvents = sqliteTable(
  "order_status_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** A delivery status change, a payment status change, or a transfer receipt uploaded. */
    kind: text("kind", { enum: ORDER_EVENT_KIND.values }).notNull().default("status"),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    /** The admin who changed it; kept as a name too so the timeline survives the account. */
    changedBy: text("changed_by"),
    changedByName: text("changed_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_events_order_idx").on(t.orderId, t.createdAt)],
);

/** A pharmacist's decision on a prescription order: who (and their PCN number), when, what, and why. */
export const prescriptionReviews = sqliteTable(
  "prescription_reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    decision: text("decision", { enum: REVIEW_DECISION.values }).notNull(),
    note: text("note").notNull().default(""),
    /** Kept as name and PCN number too, so the record survives the account. */
    reviewerId: text("reviewer_id"),
    reviewerName: text("reviewer_name").notNull(),
    reviewerPcn: text("reviewer_pcn").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("prescription_reviews_order_idx").on(t.orderId, t.createdAt)],
);

/** Delivery fee and expected delivery time per state (the 36 states and the FCT), edited by admins. */
export const deliveryFees = sqliteTable(
  "delivery_fees",
  {
    state: text("state").primaryKey(),
    feeKobo: integer("fee_kobo").notNull(),
    /** Expected delivery time in working days, e.g. 1–2. */
    daysMin: integer("days_min").notNull(),
    daysMax: integer("days_max").notNull(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    check("delivery_fees_fee_range", sql`${t.feeKobo} >= 0`),
    check("delivery_fees_days_range", sql`${t.daysMin} >= 0 AND ${t.daysMax} >= ${t.daysMin}`),
  ],
);

/** Shop-wide settings an admin edits, one row per key (e.g. the free-delivery threshold). */
export const shopSettings = sqliteTable("shop_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at", { mode: "number" }).notNull(),
});

/**
 * One-time password reset links an admin issues after confirming who is asking (there is no e-mail
 * service): only the token's SHA-256 is stored; a link works once, within its hour.
 */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The admin who issued it, kept as a name too. */
    issuedBy: text("issued_by"),
    issuedByName: text("issued_by_name").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    usedAt: integer("used_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  readAt: integer("read_at", { mode: "number" }),
  createdAt: createdAt(),
});

export type Product = typeof products.$inferSelect;
export type User = typeof users.$inferSelect;
export type Role = User["role"];
export type Prescription = typeof prescriptions.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type DeliveryStatus = Order["deliveryStatus"];
export type OrderStatusEvent = typeof orderStatusEvents.$inferSelect;
export type DeliveryFee = typeof deliveryFees.$inferSelect;
export type PaymentMethod = Order["paymentMethod"];
export type PaymentStatus = Order["paymentStatus"];
export type MedicineClass = Product["medicineClass"];
export type ReviewStatus = NonNullable<Order["reviewStatus"]>;
export type PrescriptionReview = typeof prescriptionReviews.$inferSelect;

/**
 * Consent to process sensitive personal data (NDPA): one row each time it is given, with the version of
 * the privacy notice it was given under; withdrawing stamps the row. The active consent is the row without
 * a withdrawal.
 */
export const consents = sqliteTable(
  "consents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CONSENT_KINDS }).notNull(),
    noticeVersion: text("notice_version").notNull(),
    givenAt: integer("given_at", { mode: "number" }).notNull(),
    withdrawnAt: integer("withdrawn_at", { mode: "number" }),
  },
  (t) => [index("consents_user_idx").on(t.userId, t.kind, t.givenAt)],
);

/** Every time an admin opened a prescription image: the customer sees who looked, and when. */
export const prescriptionAccessLog = sqliteTable(
  "prescription_access_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    prescriptionId: text("prescription_id")
      .notNull()
      .references(() => prescriptions.id, { onDelete: "cascade" }),
    /** Kept as a name too, so the record outlives the admin's account. */
    adminId: text("admin_id"),
    adminName: text("admin_name").notNull(),
    viewedAt: integer("viewed_at", { mode: "number" }).notNull(),
  },
  (t) => [index("prescription_access_log_idx").on(t.prescriptionId, t.viewedAt)],
);

/**
 * The account a contact message was sent from, when its sender was signed in and wrote from the account's
 * own e-mail address: only those are part of the account's data export and deletion.
 */
export const contactMessageAccounts = sqliteTable(
  "contact_message_accounts",
  {
    messageId: integer("message_id")
      .primaryKey()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("contact_message_accounts_user_idx").on(t.userId)],
);

/**
 * The back office's audit trail: who did what, when, on which record (app/features/audit). Append-only:
 * triggers refuse every UPDATE, and every DELETE of a row before its `keep_until` (the order-record period
 * from when it was written), so only the retention job's sweep of expired rows can remove any.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: createdAt(),
    /** The admin who acted, kept as a name and role too so the trail outlives the account. */
    actorId: text("actor_id").notNull(),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role").notNull(),
    /** One of AUDIT_ACTIONS (app/lib/audit.ts). */
    action: text("action").notNull(),
    /** What it was done to: one of AUDIT_RECORD_TYPES and its id (an order, product, account, export…). */
    recordType: text("record_type").notNull(),
    recordId: text("record_id").notNull(),
    /** A short note (from → to, the filters of an export); never a customer's personal details. */
    detail: text("detail").notNull().default(""),
    keepUntil: integer("keep_until", { mode: "number" }).notNull(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt, t.id),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt, t.id),
    index("audit_log_action_idx").on(t.action, t.createdAt, t.id),
    index("audit_log_record_idx").on(t.recordId, t.createdAt, t.id),
    index("audit_log_record_type_idx").on(t.recordType, t.createdAt, t.id),
    index("audit_log_keep_idx").on(t.keepUntil),
    // At least a year: a row written to expire at once could be deleted at once.
    check("audit_log_kept_a_year", sql`${t.keepUntil} >= ${t.createdAt} + 31536000000`),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type Consent = typeof consents.$inferSelect;
export type ConsentKind = Consent["kind"];

/**
 * A signed-in customer asked to be told when an out-of-stock product is back. The dashboard shows the ones
 * that are back; a message job reads them with backInStockRequestsFor (app/models/back-in-stock.server.ts)
 * and stamps `notifiedAt` once it has told them.
 */
export const backInStockRequests = sqliteTable(
  "back_in_stock_requests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    notifiedAt: integer("notified_at", { mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("back_in_stock_product_idx").on(t.productId, t.createdAt),
  ],
);
export type BackInStockRequest = typeof backInStockRequests.$inferSelect;

/**
 * One attempt to pay an order online: the gateway wants a new reference per transaction, so trying again
 * after a failure is a new row. `status` is the gateway's word for the transaction ("success", "failed",
 * "abandoned"), "pending" until it has said one; `gateway_id` is its transaction id (refunds name it).
 */
export const paymentAttempts = sqliteTable(
  "payment_attempts",
  {
    reference: text("reference").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountKobo: integer("amount_kobo").notNull(),
    currency: text("currency").notNull().default("NGN"),
    authorizationUrl: text("authorization_url"),
    status: text("status")
      .$type<"pending" | "success" | "failed" | "abandoned">()
      .notNull()
      .default("pending"),
    gatewayId: text("gateway_id"),
    /** When this attempt's money was asked back (the gateway's refund then reports by webhook). */
    refundRequestedAt: integer("refund_requested_at", { mode: "number" }),
    /** When the gateway reported this attempt's money back (its refund's webhook). */
    refundedAt: integer("refunded_at", { mode: "number" }),
    /**
     * When the gateway reported that it could not send this attempt's money back (its refund's webhook):
     * staff return it another way, then mark the order refunded by hand (which sets refundedAt).
     */
    refundFailedAt: integer("refund_failed_at", { mode: "number" }),
    /** When the server last asked the gateway about it (the payments job waits between asks). */
    checkedAt: integer("checked_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_attempts_order_idx").on(t.orderId, t.createdAt),
    index("payment_attempts_status_idx").on(t.status, t.createdAt),
    check(
      "payment_attempts_status_values",
      sql`${t.status} IN ('pending', 'success', 'failed', 'abandoned')`,
    ),
    check("payment_attempts_amount_positive", sql`${t.amountKobo} > 0`),
  ],
);
export type PaymentAttempt = typeof paymentAttempts.$inferSelect;

/** Each gateway notification processed, by its id: a replay or a duplicate finds its row and changes nothing. */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  event: text("event").notNull(),
  reference: text("reference"),
  /** What it did: "paid", "failed", "refunded", "ignored", "mismatch"… (read by people, in logs). */
  outcome: text("outcome").notNull(),
  receivedAt: integer("received_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

/**
 * Every message to a customer or to staff, written in the same D1 batch as the change that causes it and
 * then sent by the queue's consumer (app/features/messages/). Its id is the provider's idempotency key.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: MESSAGE_KIND.values }).notNull(),
    channel: text("channel", { enum: MESSAGE_CHANNEL.values }).notNull(),
    /** A +234 phone number or an e-mail address. */
    recipient: text("recipient").notNull(),
    /** A deleted account's messages go with it (they hold its addresses). */
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    state: text("state", { enum: MESSAGE_STATE.values }).notNull().default("queued"),
    attempts: integer("attempts", { mode: "number" }).notNull().default(0),
    /** Why the last attempt failed (the provider's answer), shown to admins. */
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index("outbox_order_idx").on(t.orderId, t.createdAt),
    index("outbox_state_idx").on(t.state, t.updatedAt),
    index("outbox_provider_idx").on(t.providerMessageId),
  ],
);
export type OutboxRow = typeof outbox.$inferSelect;

/** Addresses (a +234 phone number, a lowercased e-mail address) that asked to get no more messages. */
export const messageOptOuts = sqliteTable("message_opt_outs", {
  address: text("address").primaryKey(),
  createdAt: createdAt(),
});
