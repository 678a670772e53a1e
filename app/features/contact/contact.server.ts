/**
 * The contact form really delivers: messages are checked, stored, and read by admins in the back office.
 * Messages from a form a bot filled in (the hidden honeypot field) are dropped as if sent.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "~/lib/app-error";
import { contactSchema } from "~/lib/validation";
import { saveContactMessage } from "~/models/contact.server";
import { parseOrThrow } from "~/services/http.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { getUser } from "~/services/session.server";
import { CONTACT_FAILED, HONEYPOT } from "./messages";

export const CONTACT_FIELDS = ["name", "email", "message"] as const;

export async function sendContactMessage(request: Request, context: AppLoadContext, form: FormData) {
  await enforceRateLimit(request, context, "contact");
  const honeypot = form.get(HONEYPOT);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return;
  // The raw values: a message one character over the limit must fail, not be cut to fit.
  const message = parseOrThrow(
    contactSchema,
    Object.fromEntries(CONTACT_FIELDS.map((key) => [key, form.get(key) ?? undefined])),
    () => "",
  );
  // Sent while signed in, from the account's own address: part of that account's data (export, deletion).
  const user = await getUser(request, context);
  try {
    const fromAccount = user && user.email === message.email.trim().toLowerCase() ? user.id : null;
    await saveContactMessage(context.db, message, fromAccount);
  } catch (error) {
    console.error("contact message not saved", error);
    throw new AppError(503, CONTACT_FAILED);
  }
}
