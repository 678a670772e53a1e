/**
 * Messages to customers and staff (docs/product-rules.md, Messages): the channels, the states a message
 * goes through, and the rules every path reads (which channels an account gets by default, the retry
 * backoff). Pure: the account page's form, the outbox, the sender and the admin pages share it.
 */
import { orList, vocabulary, type ValueOf } from "./vocabularies";

/** How a message travels. `needs`: the address it goes to (an e-mail address or a phone number). */
export const MESSAGE_CHANNEL = /* @__PURE__ */ vocabulary([
  { value: "email", label: "E-mail", needs: "email" },
  { value: "sms", label: "SMS", needs: "phone" },
  { value: "whatsapp", label: "WhatsApp", needs: "phone" },
]);
export type MessageChannel = ValueOf<typeof MESSAGE_CHANNEL>;

/** What an account gets until its owner chooses (a guest gets one of GUEST_CHANNELS to the checkout phone). */
export const DEFAULT_CHANNELS: readonly MessageChannel[] = ["email", "sms"];

/**
 * The channels a guest may choose at checkout: those that reach the checkout phone, the first the default
 * (an order's `updates_by`). Labels are MESSAGE_CHANNEL's.
 */
export const GUEST_CHANNELS = ["sms", "whatsapp"] as const satisfies readonly MessageChannel[];
export type GuestChannel = (typeof GUEST_CHANNELS)[number];
export const GUEST_CHANNEL: GuestChannel = GUEST_CHANNELS[0];
export const GUEST_CHANNEL_UNKNOWN = `Please choose how you hear about your order: ${orList(
  GUEST_CHANNELS.map((c) => MESSAGE_CHANNEL.label(c)),
)}.`;

/**
 * Where a message is. `queued`: waiting to be sent (or sent again after a failure); `sent`: the provider
 * took it; `delivered`: the provider reported it reached the phone or inbox; `failed`: every retry failed
 * (the dead-letter queue), an admin may resend it; `stopped`: its address asked to stop before it left.
 */
export const MESSAGE_STATE = /* @__PURE__ */ vocabulary([
  { value: "queued", label: "Waiting to be sent" },
  { value: "sent", label: "Sent" },
  { value: "delivered", label: "Delivered" },
  { value: "failed", label: "Failed" },
  { value: "stopped", label: "Not sent: opted out" },
]);
export type MessageState = ValueOf<typeof MESSAGE_STATE>;

/** Why a message is sent: one per change (docs/product-rules.md, Messages). */
export const MESSAGE_KIND = /* @__PURE__ */ vocabulary([
  { value: "order_received", label: "Order received" },
  { value: "payment", label: "Payment" },
  { value: "review_approved", label: "Prescription approved" },
  { value: "review_rejected", label: "Prescription rejected" },
  { value: "status", label: "Order status" },
  { value: "awaiting_review", label: "Awaiting review (staff)" },
  { value: "back_in_stock", label: "Back in stock" },
  { value: "password_changed", label: "Password changed" },
]);
export type MessageKind = ValueOf<typeof MESSAGE_KIND>;

/** An account's chosen channels as stored ("email,sms"); null: never chosen, the defaults. */
export function parseChannels(stored: string | null | undefined): MessageChannel[] {
  if (stored == null) return [...DEFAULT_CHANNELS];
  return stored.split(",").filter((c): c is MessageChannel => MESSAGE_CHANNEL.includes(c));
}

export function storedChannels(channels: readonly MessageChannel[]): string {
  return MESSAGE_CHANNEL.values.filter((c) => channels.includes(c)).join(",");
}

/** Seconds before retry `attempt` (1, 2, …): doubling from `baseSeconds`, at most an hour. */
export function retryDelaySeconds(attempt: number, baseSeconds: number): number {
  return Math.min(3600, Math.round(baseSeconds * 2 ** Math.max(0, attempt - 1)));
}

/** A message queued this long ago and still not sent is put on the queue again by the sweep. */
export const STUCK_AFTER_MS = 30 * 60 * 1000;

/** How long a message (its address and text) is kept: long enough to answer "did you tell me?". */
export const MESSAGE_KEEP_DAYS = 90;
