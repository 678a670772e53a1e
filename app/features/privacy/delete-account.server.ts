/**
 * "Delete my account", after the password is entered again. What goes and what stays (and why) is listed
 * in one place, DELETION_SUMMARY, which the confirmation page shows.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eraseConversation } from "~/features/chat/chat.server";
import { confirmPassword } from "~/features/accounts/login.server";
import { AppError } from "~/lib/app-error";
import type { PublicUser } from "~/lib/user";
import {
  countAdmins,
  deleteAccountStatements,
  prescriptionsOf,
  receiptKeysOf,
} from "~/models/privacy.server";

export const WRONG_PASSWORD =
  "That password is not right. Enter your current password to delete your account.";
export const PASSWORD_REQUIRED = "Enter your password to delete your account.";
export const LAST_ADMIN =
  "You are the only admin: create another admin before deleting this account, or nobody could run the pharmacy.";
export const ACCOUNT_DELETED = "Your account has been deleted";

export function deletionSummary(orderRecordYears: number) {
  return {
    deleted: [
      "Your account: name, e-mail address and password",
      "Every session: you are logged out everywhere",
      "Your prescriptions and their images",
      "The bank transfer receipts you uploaded for your orders",
      "Your chat history with our pharmacists and doctors",
      "Contact messages you sent while logged in",
      "Your consent records",
    ],
    kept: [
      {
        what: "Your orders: items, amounts, dates and delivery status",
        why: `Pharmacy sales records the law requires us to keep for ${orderRecordYears} years from each order. Your name, e-mail address, phone number and delivery address are removed from them now; they no longer point to you.`,
      },
      {
        what: "Pharmacists' decisions on your prescription orders",
        why: "The record of who reviewed each order, kept with the order. It names the pharmacist, not you.",
      },
    ],
  };
}

/**
 * Deletes `user`'s account once `password` checks out (wrong: 400; too many tries: 429, as at login). The
 * chat goes first: if the party cannot be reached nothing is deleted (503) and the customer can try again.
 */
export async function deleteMyAccount(
  request: Request,
  context: AppLoadContext,
  user: PublicUser,
  password: unknown,
): Promise<void> {
  if (typeof password !== "string" || password === "") throw new AppError(400, PASSWORD_REQUIRED);
  // What the deletion must know travels beside the password check's first read, in its trip: the images
  // to remove from storage and, for an admin, how many admins there are. Used only once the password is right.
  const reading = Promise.all([
    prescriptionsOf(context.db, user.id),
    receiptKeysOf(context.db, user.id),
    user.role === "admin" ? countAdmins(context.db) : Promise.resolve(0),
  ]);
  reading.catch(() => undefined);
  const deletion = deleteAccountStatements(context.db, user.id);
  let images: string[] = [];
  let answers: unknown[];
  try {
    // Trips after the session lookup: the account and its counts read, the attempt counted before the
    // slow comparison (login's throttle), then the right password forgiven and the account deleted in one
    // batch.
    answers = await confirmPassword(context, request, { email: user.email, password }, null, async () => {
      const [prescriptions, receipts, admins] = await reading;
      if (user.role === "admin" && admins <= 1) throw new AppError(409, LAST_ADMIN);
      images = [...prescriptions.map((p) => p.imageKey), ...receipts];
      if (user.role !== "admin") await eraseConversation(context.config, user.id);
      return [...deletion.statements];
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 401) throw new AppError(400, WRONG_PASSWORD);
    throw error;
  }
  if (!deletion.deleted(answers)) throw new AppError(409, LAST_ADMIN);
  if (images.length > 0) await context.cloudflare.env.IMAGES.delete(images);
}
