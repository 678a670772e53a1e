import { desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contactMessages } from "~/db/schema";

export async function saveContactMessage(
  db: Database,
  message: { name: string; email: string; message: string },
) {
  await db.insert(contactMessages).values(message);
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
