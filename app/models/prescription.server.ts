/** Prescription rows: whose image is where. The images themselves are the feature's business (R2). */
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders, prescriptions, users, type Prescription } from "~/db/schema";

/** The statement that records an upload (for the caller's batch, with its consent). */
export function insertPrescription(db: Database, row: Omit<Prescription, "createdAt">) {
  return db.insert(prescriptions).values(row);
}

export async function deletePrescription(db: Database, id: string) {
  await db.delete(prescriptions).where(eq(prescriptions.id, id));
}

export async function getPrescription(db: Database, id: string): Promise<Prescription | undefined> {
  return db.select().from(prescriptions).where(eq(prescriptions.id, id)).get();
}

/**
 * The prescription of the order with this private link's token, picked by the token (not by the order's
 * id read first), so it travels to D1 beside the order.
 */
export async function getPrescriptionOfOrderToken(
  db: Database,
  token: string,
): Promise<Prescription | undefined> {
  return db
    .select()
    .from(prescriptions)
    .where(
      eq(
        prescriptions.id,
        sql`(SELECT ${orders.prescriptionId} FROM ${orders} WHERE ${orders.accessToken} = ${token})`,
      ),
    )
    .get();
}

export async function listPrescriptionsForUser(db: Database, userId: string | SQL) {
  return db
    .select()
    .from(prescriptions)
    .where(eq(prescriptions.userId, userId))
    .orderBy(desc(prescriptions.createdAt));
}

/**
 * Every upload with whose it is (admins): the account's name and e-mail, and for a guest's upload, which has
 * no account, the name and e-mail given on the order placed with it (null when no order carries it).
 */
export async function listAllPrescriptions(db: Database, limit = 200) {
  // Only for an upload with no account (orders_prescription_idx finds its order).
  const guestOrder = (column: typeof orders.name | typeof orders.email) =>
    sql<string | null>`case when ${prescriptions.userId} is null then (select ${column} from ${orders}
      where ${orders.prescriptionId} = ${prescriptions.id} order by ${orders.createdAt} limit 1) end`;
  return db
    .select({
      id: prescriptions.id,
      createdAt: prescriptions.createdAt,
      userName: users.name,
      userEmail: users.email,
      orderName: guestOrder(orders.name),
      orderEmail: guestOrder(orders.email),
    })
    .from(prescriptions)
    .leftJoin(users, eq(users.id, prescriptions.userId))
    .orderBy(desc(prescriptions.createdAt))
    .limit(limit);
}

export async function countPrescriptions(db: Database): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(prescriptions)
    .get();
  return row?.n ?? 0;
}
