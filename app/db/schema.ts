import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
    createdAt: createdAt(),
  },
  (t) => [
    index("products_name_idx").on(t.name, t.id),
    index("products_category_idx").on(t.category),
    check("products_price_positive", sql`${t.priceKobo} > 0`),
  ],
);

export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    orderRef: text("order_ref").notNull().unique(),
    /** Secret part of the private status page URL (/order/$token). */
    accessToken: text("access_token").notNull().unique(),
    /** One checkout form render = one key, so a resubmit finds the order it already made. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** The account that placed the order; null for guests (accounts arrive with issue 3). */
    userId: text("user_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    deliveryAddress: text("delivery_address").notNull(),
    totalKobo: integer("total_kobo").notNull(),
    deliveryStatus: text("delivery_status", {
      enum: ["Pending", "Processing", "Shipped", "Delivered"],
    })
      .notNull()
      .default("Pending"),
    createdAt: createdAt(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    check("orders_total_positive", sql`${t.totalKobo} > 0`),
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

export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  readAt: integer("read_at", { mode: "number" }),
  createdAt: createdAt(),
});

export type Product = typeof products.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type DeliveryStatus = Order["deliveryStatus"];
