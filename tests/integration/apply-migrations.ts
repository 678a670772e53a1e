import { applyD1Migrations, env } from "cloudflare:test";
import { beforeEach } from "vitest";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

/** Tables emptied before every test, children first (storage is shared within a test file). */
const TABLES = [
  "back_in_stock_requests",
  "prescription_reviews",
  "prescription_access_log",
  "consents",
  "contact_message_accounts",
  "payment_events",
  "payment_attempts",
  "order_status_events",
  "order_items",
  "orders",
  "products",
  "contact_messages",
  "prescriptions",
  "sessions",
  "auth_throttle",
  "users",
];

beforeEach(async () => {
  await env.DB.batch(TABLES.map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
  const stored = await env.IMAGES.list();
  if (stored.objects.length > 0) await env.IMAGES.delete(stored.objects.map((o) => o.key));
});
