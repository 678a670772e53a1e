/** Delivery fees per state and the shop settings they use (the free-delivery threshold). */
import { eq } from "drizzle-orm";
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
