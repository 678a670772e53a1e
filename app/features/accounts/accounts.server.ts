/**
 * Creating accounts: customers registering, admins creating admins (admins.server.ts), and the admin
 * command and demo seed making sure an admin exists. One hashing, one insert for all of them.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Database } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { pcnNumberField, registerSchema } from "~/lib/validation";
import type { BatchItem } from "drizzle-orm/batch";
import { insertUser, PcnNumberTaken, upsertAdmin, type NewAccount } from "~/models/user.server";
import { hashPassword } from "~/services/password.server";
import { parseOrThrow } from "~/services/http.server";
import { readDevice, rememberAccount } from "~/services/device.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { newSession } from "~/services/session.server";

export const EMAIL_TAKEN = "An account with this email already exists.";
export const PCN_NUMBER_TAKEN = "That PCN number already belongs to another admin.";
/**
 * The name an admin gets when none was given (`npm run admin:create` without --name, an API client on the
 * older `{email, password}` contract). Customers read it on chat replies, so it says who they talk to.
 */
export const DEFAULT_ADMIN_NAME = "MediStore Pharmacist";

/** A new account; `also`: statements written in the same batch (an admin's audit entry). */
export async function createAccount(
  db: Database,
  account: Omit<NewAccount, "passwordHash"> & { password: string; id?: string },
  also: BatchItem<"sqlite">[] = [],
) {
  const { password, ...rest } = account;
  try {
    const user = await insertUser(db, { ...rest, passwordHash: await hashPassword(password) }, also);
    if (!user) throw new AppError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
    return user;
  } catch (error) {
    if (error instanceof PcnNumberTaken)
      throw new AppError(409, PCN_NUMBER_TAKEN, { pcnNumber: PCN_NUMBER_TAKEN });
    throw error;
  }
}

/** A new customer, signed in at once: the account, its session token and cookie, and the device cookie. */
export async function register(request: Request, context: AppLoadContext, input: unknown) {
  await enforceRateLimit(request, context, "register");
  const { name, email, password } = parseOrThrow(registerSchema, input);
  // The account and its first session are written in one batch (one trip to D1); a taken e-mail writes
  // neither.
  const id = crypto.randomUUID();
  const newcomer = await newSession(context, id);
  const user = await createAccount(context.db, { id, name, email, password, role: "user" }, [
    ...newcomer.statements,
  ]);
  const session = await newcomer.started();
  // The browser that registered is the owner's: it gets past the login slow-down like any they log in from.
  const deviceCookie = await rememberAccount(
    await readDevice(request, context.config),
    user.id,
    context.config,
  );
  return { user, ...session, deviceCookie };
}

/**
 * The admin command and the demo seed: the account with this e-mail becomes an admin with this password
 * (and, given one, this PCN registration number: a pharmacist).
 */
export async function ensureAdmin(
  db: Database,
  input: { name: string; email: string; password: string; pcnNumber?: string },
) {
  const { name, email, password, pcnNumber } = parseOrThrow(
    registerSchema.extend({ pcnNumber: pcnNumberField }),
    input,
    (errors) => Object.values(errors).join(" "),
  );
  try {
    await upsertAdmin(db, { name, email, passwordHash: await hashPassword(password), pcnNumber });
  } catch (error) {
    if (error instanceof PcnNumberTaken) throw new AppError(409, PCN_NUMBER_TAKEN);
    throw error;
  }
}
