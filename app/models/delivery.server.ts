/** Delivery fees per state and the shop settings they use (the free-delivery threshold). */
import { eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { deliveryFees, shopSettings, type DeliveryFee } from "~/db/schema";

export const FREE_DELIVERY_THRESHOLD_KEY = "free_delivery_threshold_kobo";

export async function listDeliveryFees(db: Database): Promise<DeliveryFee[]> {
  return db.select().from(deliveryFees).orderBy(deliveryFees.state);
}

export async function getDeliveryFee(db: Database, state: string): Promise<DeliveryFee | undefined> {
  return db.select().from(deliveryFees).where(eq(deliveryFees.state, state)).get();
}

export async function getSetting(db: Database, key: string): Promise<string | undefined> {
  const row = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, key))
    .get();
  return row?.value;
}

/** Saves every state's fee and the threshold (null removes it) in one all-or-nothing batch. */
export async function saveDeliveryFees(
  db: Database,
  fees: Omit<DeliveryFee, "updatedAt">[],
  freeThresholdKobo: number | null,
): Promise<void> {
  const now = Date.now();
  const [first, ...rest] = fees.map((fee) =>
    db
      .insert(deliveryFees)
      .values({ ...fee, updatedAt: now })
      .onConflictDoUpdate({
        target: deliveryFees.state,
        set: { feeKobo: fee.feeKobo, daysMin: fee.daysMin, daysMax: fee.daysMax, updatedAt: now },
      }),
  );
  const threshold =
    freeThresholdKobo === null
      ? db.delete(shopSettings).where(eq(shopSettings.key, FREE_DELIVERY_THRESHOLD_KEY))
      : db
          .insert(shopSettings)
          .values({ key: FREE_DELIVERY_THRESHOLD_KEY, value: String(freeThresholdKobo), updatedAt: now })
          .onConflictDoUpdate({
            target: shopSettings.key,
            set: { value: String(freeThresholdKobo), updatedAt: now },
          });
  await db.batch([threshold, ...(first ? [first, ...rest] : [])]);
}

/**
 * What delivering `subtotalKobo` of goods to `state` costs, as SQL over the fee table and the threshold
 * (NULL for a state without a fee): deliveryFeeFor (features/delivery/delivery-view.ts) for a batch that
 * checks a quoted fee itself. tests/integration/checkout-one-trip.test.ts holds the two to one answer.
 */
export function deliveryFeeSql(state: string, subtotalKobo: number): SQL {
  // A threshold as freeThresholdKobo reads one: a whole number of kobo above zero, else none.
  const threshold = sql`(SELECT CAST(${shopSettings.value} AS INTEGER) FROM ${shopSettings}
    WHERE ${shopSettings.key} = ${FREE_DELIVERY_THRESHOLD_KEY} AND CAST(${shopSettings.value} AS INTEGER) > 0
      AND CAST(CAST(${shopSettings.value} AS INTEGER) AS TEXT) = ${shopSettings.value})`;
  return sql`(SELECT CASE WHEN ${threshold} <= ${subtotalKobo} AND ${deliveryFees.feeKobo} > 0 THEN 0
    ELSE ${deliveryFees.feeKobo} END FROM ${deliveryFees} WHERE ${deliveryFees.state} = ${state})`;
}
