/** Finding an order by what a guest kept: its reference and the phone number it was placed with. */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders } from "~/db/schema";

/** The order's private link token when both match exactly (phone as stored: normalised +234…). */
export async function findOrderTokenByRefAndPhone(
  db: Database,
  orderRef: string,
  phone: string,
): Promise<string | undefined> {
  const row = await db
    .select({ accessToken: orders.accessToken })
    .from(orders)
    .where(and(eq(orders.orderRef, orderRef), eq(orders.phone, phone)))
    .get();
  return row?.accessToken;
}
