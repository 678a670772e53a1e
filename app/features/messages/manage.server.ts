/**
 * Everything around sending: stopping messages (a signed link, or "STOP" sent back), the channels a
 * customer chooses, the providers' delivery reports, what admins see and resend, and the local inbox page.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "~/lib/app-error";
import { MESSAGE_CHANNEL, parseChannels, storedChannels, type MessageChannel } from "~/lib/messages";
import type { PublicUser } from "~/lib/user";
import type { UserRef } from "~/models/user.server";
import { normalizeNigerianPhone } from "~/lib/validation";
import {
  accountMessaging,
  messagesInState,
  optedOutAmong,
  optedOutOfAccount,
  optOut,
  recordDeliveryReport,
  requeueFailed,
  setAccountChannels,
  type OutboxLine,
} from "~/models/outbox.server";
import { verifyCallback } from "~/services/message-providers.server";
import { verifyStopToken } from "~/services/stop-token.server";
import { enqueueMessages } from "./messages.server";

export const STOP_LINK_UNKNOWN =
  "This link to stop messages is not valid. Please use the link from a message.";
export const CHANNELS_SAVED = "Your message choices are saved.";

/** "0803…4567" or "a…@example.com": enough for its owner to recognise, not enough to give it away. */
export function maskAddress(address: string): string {
  const at = address.indexOf("@");
  if (at > 0) return `${address[0]}…${address.slice(at)}`;
  const local = address.replace(/^\+234/, "0");
  return `${local.slice(0, 4)}…${local.slice(-4)}`;
}

async function stoppedAddress(context: AppLoadContext, token: string): Promise<string> {
  const address = await verifyStopToken(context.config.cookieSecret, token);
  if (!address) throw new AppError(404, STOP_LINK_UNKNOWN);
  return address;
}

/** The stop link's page: which address it stops (masked) and whether that is done already. */
export async function stopLinkPage(context: AppLoadContext, token: string) {
  const address = await stoppedAddress(context, token);
  const stopped = (await optedOutAmong(context.db, [address])).length > 0;
  return { address: maskAddress(address), stopped };
}

/** The stop link's button: nothing more is sent to the address, from this moment. */
export async function stopByLink(context: AppLoadContext, token: string): Promise<void> {
  await optOut(context.db, await stoppedAddress(context, token));
}

/** The channels a customer gets messages on, and which of their addresses asked to stop. */
export async function messageChoices(context: AppLoadContext, userId: UserRef) {
  // The account and its stopped addresses are both picked by the account: one trip, not two.
  const [account, stopped] = await Promise.all([
    accountMessaging(context.db, userId),
    optedOutOfAccount(context.db, userId),
  ]);
  if (!account) throw new AppError(404, "This account no longer exists.");
  return {
    channels: parseChannels(account.channels),
    hasPhone: !!account.phone,
    stopped: stopped.map(maskAddress),
  };
}

/**
 * Saves the channels ticked on /account (none ticked: no messages). Choosing again is asking again, so the
 * account's own addresses that had said STOP get messages once more.
 */
export async function saveMessageChoices(context: AppLoadContext, user: PublicUser, form: FormData) {
  const picked = form.getAll("channel");
  if (picked.length > MESSAGE_CHANNEL.values.length || picked.some((c) => !MESSAGE_CHANNEL.includes(c)))
    throw new AppError(400, `Choose among ${MESSAGE_CHANNEL.entries.map((e) => e.label).join(", ")}.`);
  const channels = picked as MessageChannel[];
  const account = await accountMessaging(context.db, user.id);
  if (!account) throw new AppError(404, "This account no longer exists.");
  const addresses = [account.email, account.phone].filter((a): a is string => !!a);
  await setAccountChannels(context.db, user.id, storedChannels(channels), addresses);
}

/** What the SMS gateway's delivery report says of a message (its statuses are words). */
function smsOutcome(status: string): { delivered: true } | { delivered: false; reason: string } | null {
  if (/^delivered$/i.test(status)) return { delivered: true };
  if (/fail|reject|expired|dnd|undeliver/i.test(status))
    return { delivered: false, reason: `SMS: ${status}` };
  return null;
}

const STOP_WORDS = /^\s*(stop|stopall|unsubscribe|cancel|end|quit)\s*$/i;

const text = (value: unknown): string =>
  typeof value === "string" || typeof value === "number" ? String(value) : "";

/** The phone a provider names ("2348031234567"), as we store phones ("+2348031234567"). */
const phoneOf = (raw: string) => normalizeNigerianPhone(raw.startsWith("+") ? raw : `+${raw}`);

/**
 * A provider's callback: a delivery report, or a customer's reply. Verified by the provider's signature of
 * the exact body; a report moves only a message that is sent or waiting, so a repeated report changes
 * nothing. "STOP" stops every message to that phone at once.
 */
export async function providerCallback(context: AppLoadContext, provider: string, request: Request) {
  if (provider !== "sms" && provider !== "whatsapp") throw new AppError(404, "No such provider.");
  const raw = await request.text();
  if (!(await verifyCallback(context.config.messages, provider, request.headers, raw)))
    throw new AppError(401, "The signature does not match.");
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError(400, "Send JSON.");
  }
  const record = (body ?? {}) as Record<string, unknown>;
  let reports = 0;
  let stops = 0;
  if (provider === "sms") {
    // Termii: an inbound message carries `sender` and `message`; a report `message_id` and `status`.
    if (record.type === "inbound" || (record.sender && record.message && !record.message_id)) {
      const phone = phoneOf(text(record.sender));
      if (phone && STOP_WORDS.test(text(record.message))) {
        await optOut(context.db, phone);
        stops++;
      }
    } else {
      const outcome = smsOutcome(text(record.status));
      if (
        outcome &&
        text(record.message_id) &&
        (await recordDeliveryReport(context.db, text(record.message_id), outcome))
      )
        reports++;
    }
  } else {
    // WhatsApp: entry[].changes[].value holds `statuses` (reports) and `messages` (replies).
    const values = (Array.isArray(record.entry) ? record.entry : []).flatMap((entry) =>
      (Array.isArray((entry as Record<string, unknown>)?.changes)
        ? ((entry as Record<string, unknown>).changes as unknown[])
        : []
      ).map((change) => ((change as Record<string, unknown>)?.value ?? {}) as Record<string, unknown>),
    );
    for (const value of values.slice(0, 50)) {
      for (const status of (Array.isArray(value.statuses) ? value.statuses : []).slice(0, 100) as Record<
        string,
        unknown
      >[]) {
        const id = text(status?.id);
        const word = text(status?.status);
        const outcome =
          word === "delivered" || word === "read"
            ? ({ delivered: true } as const)
            : word === "failed"
              ? {
                  delivered: false as const,
                  reason: `WhatsApp: ${text((status.errors as Record<string, unknown>[] | undefined)?.[0]?.title) || "failed"}`,
                }
              : null;
        if (id && outcome && (await recordDeliveryReport(context.db, id, outcome))) reports++;
      }
      for (const reply of (Array.isArray(value.messages) ? value.messages : []).slice(0, 100) as Record<
        string,
        unknown
      >[]) {
        const phone = phoneOf(text(reply?.from));
        const words = text((reply?.text as Record<string, unknown> | undefined)?.body);
        if (phone && STOP_WORDS.test(words)) {
          await optOut(context.db, phone);
          stops++;
        }
      }
    }
  }
  return { reports, stops };
}

export type MessageLine = OutboxLine;

/** Admin › Outbox: the messages that failed, and those still waiting. */
export async function outboxOverview(context: AppLoadContext) {
  const [failed, waiting] = await Promise.all([
    messagesInState(context.db, "failed"),
    messagesInState(context.db, "queued"),
  ]);
  return { failed, waiting };
}

export const MESSAGE_RESENT = "The message is on its way again.";
export const NOT_A_FAILED_MESSAGE = "That message has not failed (it may have been resent already).";

/** An admin sends a failed message again, through the queue like any other. */
export async function resendMessage(context: AppLoadContext, id: unknown): Promise<void> {
  if (typeof id !== "string" || id.length > 64 || !(await requeueFailed(context.db, id)))
    throw new AppError(409, NOT_A_FAILED_MESSAGE);
  enqueueMessages(context, [id]);
}

export type InboxEntry = {
  channel: MessageChannel;
  to: string;
  subject: string | null;
  text: string;
  at: string;
  status: string;
};

/** The local inbox page: what the stand-in's phones and inboxes received (never in production). */
export async function localInbox(context: AppLoadContext): Promise<InboxEntry[]> {
  const standin = context.config.messages.standinUrl;
  if (context.config.isProduction || !standin) throw new AppError(404, "There is no local inbox here.");
  try {
    const response = await fetch(`${standin}/inbox`);
    if (!response.ok) throw new Error(String(response.status));
    return ((await response.json()) as { messages: InboxEntry[] }).messages;
  } catch {
    throw new AppError(503, "The local message stand-in is not answering. Is `npm start` running it?");
  }
}
