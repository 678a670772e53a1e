/** Accounts. E-mails are stored lowercased (unique whatever the case); password hashes never leave here. */
import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { users, type Role, type User } from "~/db/schema";
import { hashPassword } from "~/services/password.server";

/** What the rest of the app may know about a user. */
export type PublicUser = Pick<User, "id" | "name" | "email" | "role">;

export function toPublicUser(user: User): PublicUser {
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

export async function findUserById(db: Database, id: string): Promise<User | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists.");
  }
}

export async function createUser(
  db: Database,
  input: { name: string; email: string; password: string; role?: Role },
): Promise<PublicUser> {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw new EmailTakenError();
  const user = {
    id: crypto.randomUUID(),
    name: input.name.trim(),
    email,
    passwordHash: await hashPassword(input.password),
    role: input.role ?? "user",
  } satisfies Partial<User>;
  try {
    await db.insert(users).values(user);
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (isUniqueViolation(error, "users.email")) throw new EmailTakenError();
    throw error;
  }
  return { id: user.id, name: user.name, email, role: user.role };
}

/** Every account, newest first, without password data (admin lists, the chat panel's dropdown). */
export async function listUsers(
  db: Database,
  { role }: { role?: Role } = {},
): Promise<(PublicUser & { createdAt: number })[]> {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(role ? eq(users.role, role) : undefined)
    .orderBy(desc(users.createdAt));
}
