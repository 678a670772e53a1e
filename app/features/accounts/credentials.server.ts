/**
 * Passwords after sign-up: changing one (the current one first, then every other session ends), logging out
 * everywhere, and the one-time reset links an admin issues once they have confirmed over WhatsApp who is
 * asking (this deployment sends no e-mail; docs/product-rules.md).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "~/lib/app-error";
import { RESET_LINK_TTL_MINUTES } from "~/lib/limits";
import { randomToken } from "~/lib/random";
import type { User } from "~/db/schema";
import type { PublicUser } from "~/lib/user";
import { changePasswordSchema, resetPasswordSchema } from "~/lib/validation";
import { findLiveReset, insertPasswordReset, spendPasswordReset } from "~/models/password-reset.server";
import { findUserById, getProfile, setPasswordHash } from "~/models/user.server";
import { accountMessages, asStatements, enqueueMessages } from "../messages/messages.server";
import { passwordChangedText } from "../messages/texts";
import { readDevice } from "~/services/device.server";
import { parseOrThrow } from "~/services/http.server";
import { hashPassword } from "~/services/password.server";
import { endSessionsOf, type BackOfficeUser } from "~/services/session.server";
import { can, NOT_ALLOWED } from "~/lib/admin-roles";
import { audit } from "../audit/audit.server";
import { confirmPassword } from "./login.server";

export const RESET_LINK_TTL_MS = RESET_LINK_TTL_MINUTES * 60 * 1000;
export const WRONG_CURRENT_PASSWORD = "Your current password is not right.";
export const RESET_LINK_DEAD =
  "This reset link has expired or was already used. Please ask us on WhatsApp for a new one.";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The signed-in customer's new password. The current one is checked like a login (same throttle), so a
 * borrowed unlocked phone cannot guess it; every other session of the account ends, this one stays.
 */
export async function changePassword(
  request: Request,
  context: AppLoadContext,
  user: PublicUser,
  input: unknown,
): Promise<void> {
  const { currentPassword, newPassword } = parseOrThrow(changePasswordSchema, input);
  try {
    await confirmPassword(
      context,
      request,
      { email: user.email, password: currentPassword },
      await readDevice(request, context.config),
    );
  } catch (error) {
    if (error instanceof AppError && error.status === 401) {
      throw new AppError(400, WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
    }
    throw error;
  }
  // The owner is told, on their channels, in the same batch: a change they did not make is caught.
  const profile = await getProfile(context.db, user.id);
  const messages = await accountMessages(
    context,
    { id: user.id, email: user.email, phone: profile?.phone ?? null },
    [passwordChangedText(context.config.storePhone)],
  );
  await setPasswordHash(
    context.db,
    user.id,
    await hashPassword(newPassword),
    asStatements(context, messages),
  );
  enqueueMessages(context, messages);
  await endSessionsOf(request, context, user.id, { keepCurrent: true });
}

/** "Log out of all devices": every session of the account ends, this one included. */
export async function logOutEverywhere(request: Request, context: AppLoadContext, user: PublicUser) {
  await endSessionsOf(request, context, user.id, { keepCurrent: false });
}

/**
 * The account a form asks a reset link for, as issueResetLink takes it: read beside the session lookup
 * (withReads), so issuing the link costs one trip to D1 less. Undefined for no such account.
 */
export function accountToReset(context: AppLoadContext, userId: unknown): Promise<User | undefined> {
  return typeof userId === "string" && userId.length <= 100
    ? findUserById(context.db, userId)
    : Promise.resolve(undefined);
}

/**
 * An admin issues a one-time reset link for an account (accountToReset); answers the link's path (shown
 * once). Whoever holds it holds the account, so for an admin's account only the superintendent pharmacist
 * may (403).
 */
export async function issueResetLink(
  context: AppLoadContext,
  admin: BackOfficeUser,
  account: User | undefined,
): Promise<{ path: string; email: string; phone: string | null; expiresAt: number }> {
  if (!account) throw new AppError(404, "That account no longer exists.");
  if (account.role === "admin" && !can(admin.adminRole, "resetAdminLink"))
    throw new AppError(403, NOT_ALLOWED.resetAdminLink);
  const token = randomToken();
  const expiresAt = Date.now() + RESET_LINK_TTL_MS;
  await insertPasswordReset(
    context.db,
    {
      tokenHash: await sha256Hex(token),
      userId: account.id,
      issuedBy: admin.id,
      issuedByName: admin.name,
      expiresAt,
    },
    [
      audit(context, admin, {
        action: "reset_link_issued",
        record: { type: "account", id: account.id },
        detail: account.role === "admin" ? "admin account" : "customer account",
      }),
    ],
  );
  return { path: `/reset-password/${token}`, email: account.email, phone: account.phone, expiresAt };
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,64}$/;

/** The e-mail a live link resets (the page shows it), or a 410 when it is dead, unknown or malformed. */
export async function resetLinkAccount(context: AppLoadContext, token: string): Promise<{ email: string }> {
  const live = TOKEN_SHAPE.test(token)
    ? await findLiveReset(context.db, await sha256Hex(token), Date.now())
    : undefined;
  if (!live) throw new AppError(410, RESET_LINK_DEAD);
  return { email: live.email };
}

/** Sets the new password through a live link, once; every session of the account ends. */
export async function resetPassword(context: AppLoadContext, token: string, input: unknown): Promise<void> {
  await resetLinkAccount(context, token);
  const { newPassword } = parseOrThrow(resetPasswordSchema, input);
  const spent = await spendPasswordReset(
    context.db,
    await sha256Hex(token),
    await hashPassword(newPassword),
    Date.now(),
  );
  if (!spent) throw new AppError(410, RESET_LINK_DEAD);
}
