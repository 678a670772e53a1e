/** Accounts. E-mails are stored lowercased (unique whatever the case); password hashes never leave here. */
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "~/db/batch";
import type { Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { passwordResets, sessions, users, type Role, type User } from "~/db/schema";
import { containsPattern } from "~/lib/sql-like";
import type { PublicUser } from "~/lib/user";

export function toPublicUser(user: User): PublicUser {
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

/** The id of the account with this e-mail, as SQL (a query picks that account's rows without reading it first). */
export function userIdByEmail(email: string): SQL {
  return sql`(SELECT ${users.id} FROM ${users} WHERE ${users.email} = ${email.trim().toLowerCase()})`;
}

export async function findUserById(db: Database, id: string | SQL): Promise<User | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export type NewAccount = {
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  /** An admin's PCN registration number (a pharmacist). */
  pcnNumber?: string | null;
};

/** Another account already holds this PCN number (the unique index decides, even for a race). */
export class PcnNumberTaken extends Error {}

/**
 * Inserts an account (with `also`, more statements in the same batch: its audit entry); null when the
 * e-mail is taken (the unique index decides, even for a race). Throws PcnNumberTaken.
 */
export async function insertUser(
  db: Database,
  account: NewAccount & { id?: string },
  also: BatchItem<"sqlite">[] = [],
): Promise<PublicUser | null> {
  const row = {
    ...account,
    id: account.id ?? crypto.randomUUID(),
    email: account.email.trim().toLowerCase(),
  };
  try {
    await runBatch(db, [db.insert(users).values(row), ...also]);
  } catch (error) {
    if (isUniqueViolation(error, "users.email")) return null;
    if (isUniqueViolation(error, "users.pcn_number")) throw new PcnNumberTaken();
    throw error;
  }
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}

/** An admin account other than `exceptId`, as SQL: the condition every change of another admin carries. */
export function isOtherAdmin(id: string, exceptId: string) {
  return sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${id} AND ${users.role} = 'admin' AND ${users.id} != ${exceptId})`;
}

/**
 * Sets (or, with null, removes) an admin's PCN number, with `also` (its audit entry, conditioned like this
 * change) first in the same batch. Answers whether an admin's number changed; throws PcnNumberTaken.
 */
export async function setPcnNumber(
  db: Database,
  { id, pcnNumber, exceptId }: { id: string; pcnNumber: string | null; exceptId: string },
  also: BatchItem<"sqlite">[],
): Promise<boolean> {
  try {
    const results = await runBatch(db, [
      ...also,
      db
        .update(users)
        .set({ pcnNumber })
        .where(and(eq(users.id, id), isOtherAdmin(id, exceptId)))
        .returning({ id: users.id }),
    ]);
    return (results.at(-1) as unknown[]).length === 1;
  } catch (error) {
    if (isUniqueViolation(error, "users.pcn_number")) throw new PcnNumberTaken();
    throw error;
  }
}

/**
 * Takes an account's admin access away: it becomes a customer's, without a PCN number, signed out
 * everywhere and without live reset links; `also` (its audit entry) goes first in the batch. Answers
 * whether it was another admin's.
 */
export async function revokeAdmin(
  db: Database,
  { id, exceptId }: { id: string; exceptId: string },
  also: BatchItem<"sqlite">[],
): Promise<boolean> {
  const results = await runBatch(db, [
    ...also,
    db.delete(sessions).where(and(eq(sessions.userId, id), isOtherAdmin(id, exceptId))),
    db.delete(passwordResets).where(and(eq(passwordResets.userId, id), isOtherAdmin(id, exceptId))),
    db
      .update(users)
      .set({ role: "user", pcnNumber: null })
      .where(and(eq(users.id, id), isOtherAdmin(id, exceptId)))
      .returning({ id: users.id }),
  ]);
  return (results.at(-1) as unknown[]).length === 1;
}

/**
 * Makes the account with this e-mail an admin with this password, creating it if needed; a PCN number
 * given is set, none given leaves the one it has. Reset links issued for it before go: one issued while it
 * was a customer's must not open an admin's account. Throws PcnNumberTaken.
 */
export async function upsertAdmin(db: Database, account: Omit<NewAccount, "role">): Promise<void> {
  const email = account.email.trim().toLowerCase();
  try {
    await db.batch([
      db
        .insert(users)
        .values({ id: crypto.randomUUID(), ...account, email, role: "admin" })
        .onConflictDoUpdate({
          target: users.email,
          set: {
            role: "admin",
            passwordHash: account.passwordHash,
            name: account.name,
            ...(account.pcnNumber ? { pcnNumber: account.pcnNumber } : {}),
          },
        }),
      db
        .delete(passwordResets)
        .where(
          inArray(
            passwordResets.userId,
            db.select({ id: users.id }).from(users).where(eq(users.email, email)),
          ),
        ),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "users.pcn_number")) throw new PcnNumberTaken();
    throw error;
  }
}

/** Every account, newest first, without password data (admin lists, the chat panel's dropdown). */
export async function listUsers(
  db: Database,
  { role }: { role?: Role } = {},
): Promise<(PublicUser & { createdAt: number; pcnNumber: string | null })[]> {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      pcnNumber: users.pcnNumber,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(role ? eq(users.role, role) : undefined)
    .orderBy(desc(users.createdAt));
}

export const USERS_PAGE_SIZE = 50;

/**
 * Admin › Users: a page of accounts, newest first, optionally those whose name or e-mail holds `search`
 * (case-insensitive; bound as a parameter, its wildcards escaped). `hasMore` comes from one row past the page.
 */
export async function searchUsers(
  db: Database,
  {
    search = "",
    page = 1,
    pageSize = USERS_PAGE_SIZE,
    role,
  }: { search?: string; page?: number; pageSize?: number; role?: Role },
) {
  const pattern = containsPattern(search);
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      phone: users.phone,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(
      and(
        role ? eq(users.role, role) : undefined,
        search
          ? or(
              sql`${users.name} LIKE ${pattern} ESCAPE '\\'`,
              sql`${users.email} LIKE ${pattern} ESCAPE '\\'`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return { users: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

export type Profile = Pick<User, "name" | "phone" | "deliveryAddress" | "deliveryState">;

/** A user's id, or SQL that selects it (services/session.server.ts, sessionUserRef). */
export type UserRef = string | SQL;

export async function getProfile(db: Database, id: UserRef): Promise<Profile | undefined> {
  return db
    .select({
      name: users.name,
      phone: users.phone,
      deliveryAddress: users.deliveryAddress,
      deliveryState: users.deliveryState,
    })
    .from(users)
    .where(eq(users.id, id))
    .get();
}

export async function updateProfile(db: Database, id: string, profile: Profile): Promise<void> {
  await db.update(users).set(profile).where(eq(users.id, id));
}

/** Sets the password; `also` (the message telling the owner) is written in the same batch. */
export async function setPasswordHash(
  db: Database,
  id: string,
  passwordHash: string,
  also: BatchItem<"sqlite">[] = [],
): Promise<void> {
  await runBatch(db, [db.update(users).set({ passwordHash }).where(eq(users.id, id)), ...also]);
}

/** Accounts by id (at most `limit`), for names the chat panel has only ids for. */
export async function usersByIds(db: Database, ids: string[], limit = 50): Promise<PublicUser[]> {
  const wanted = ids.slice(0, limit);
  if (wanted.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.id, wanted));
}
