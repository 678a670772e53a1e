import { desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contactMessageAccounts, contactMessages } from "~/db/schema";

/** Stores a message; `fromUserId` links it to the account that sent it, in the same all-or-nothing batch. */
export async function saveContactMessage(
  db: Database,
  message: { name: string; email: string; message: string },
  fromUserId: string | null = null,
) {
  const insert = db.insert(contactMessages).values(message);
  if (fromUserId === null) return void (await insert);
  await db.batch([
    insert,
    db.insert(contactMessageAccounts).values({ messageId: sql`last_insert_rowid()`, userId: fromUserId }),
  ]);
}

export async function listContactMessages(db: Database, limit = 200) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}

export async function countUnreadMessages(db: Database): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(contactMessages)
    .where(isNull(contactMessages.readAt))
    .get();
  return row?.n ?? 0;
}

export async function markMessageRead(db: Database, id: number, read: boolean) {
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: read ? Date.now() : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return row;
}
