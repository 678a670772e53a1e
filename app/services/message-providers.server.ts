/**
 * The message providers' HTTP APIs and the e-mail binding: an SMS gateway (Termii's `POST /api/sms/send`),
 * the WhatsApp Cloud API (template messages, `POST /{phone-number-id}/messages`) and Cloudflare's e-mail
 * sending binding (`env.EMAIL.send`). Each call carries the outbox id as its idempotency key, so a retry
 * after a lost answer is not a second message. Locally and in tests every channel talks to the stand-in
 * (scripts/message-standin.mjs), which follows the same requests, answers and signatures.
 */
import type { MessagesConfig } from "./env.server";
import type { MessageChannel } from "~/lib/messages";

export type Outgoing = {
  id: string;
  channel: MessageChannel;
  recipient: string;
  subject: string;
  body: string;
};

/** `permanent`: sending it again cannot help (the provider refused the message itself). */
export type SendOutcome =
  { ok: true; providerMessageId: string | null } | { ok: false; error: string; permanent: boolean };

/** +2348031234567 → 2348031234567: the international form without "+", as both APIs take it. */
const digits = (phone: string) => phone.replace(/^\+/, "");

async function answerOf(response: Response, provider: string): Promise<SendOutcome | unknown> {
  const text = await response.text();
  if (!response.ok) {
    // A refusal of the request itself (bad number, bad template) will not pass on a retry; overload will.
    const permanent =
      response.status >= 400 && response.status < 500 && ![408, 409, 425, 429].includes(response.status);
    return { ok: false, error: `${provider} answered ${response.status}: ${text.slice(0, 200)}`, permanent };
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { ok: false, error: `${provider} answered something that is not JSON`, permanent: false };
  }
}

const isOutcome = (value: unknown): value is SendOutcome =>
  typeof value === "object" && value !== null && "ok" in value && (value as { ok: unknown }).ok === false;

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;

async function sendSms(config: MessagesConfig, message: Outgoing): Promise<SendOutcome> {
  const { sms } = config;
  if (!sms.apiKey) return { ok: false, error: "SMS is not configured (SMS_API_KEY)", permanent: false };
  const response = await fetch(`${sms.baseUrl}/api/sms/send`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": message.id },
    body: JSON.stringify({
      api_key: sms.apiKey,
      to: digits(message.recipient),
      from: sms.senderId,
      sms: message.body,
      type: "plain",
      // The transactional route: it reaches numbers on Do-Not-Disturb too.
      channel: "dnd",
    }),
  });
  const answer = await answerOf(response, "The SMS gateway");
  if (isOutcome(answer)) return answer;
  const id = field(answer, "message_id");
  return {
    ok: true,
    providerMessageId: typeof id === "string" || typeof id === "number" ? String(id) : null,
  };
}

async function sendWhatsApp(config: MessagesConfig, message: Outgoing): Promise<SendOutcome> {
  const { whatsapp } = config;
  if (!whatsapp.apiKey || !whatsapp.phoneNumberId)
    return { ok: false, error: "WhatsApp is not configured (WHATSAPP_TOKEN)", permanent: false };
  const response = await fetch(`${whatsapp.baseUrl}/${whatsapp.phoneNumberId}/messages`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${whatsapp.apiKey}`,
      "Idempotency-Key": message.id,
    },
    body: JSON.stringify({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: digits(message.recipient),
      type: "template",
      template: {
        name: whatsapp.template,
        language: { code: "en" },
        // A template's parameter holds no line breaks.
        components: [
          { type: "body", parameters: [{ type: "text", text: message.body.replace(/\s*\n+\s*/g, " ") }] },
        ],
      },
      biz_opaque_callback_data: message.id,
    }),
  });
  const answer = await answerOf(response, "WhatsApp");
  if (isOutcome(answer)) return answer;
  const first = (field(answer, "messages") as unknown[] | undefined)?.[0];
  const id = field(first, "id");
  return { ok: true, providerMessageId: typeof id === "string" ? id : null };
}

async function sendEmail(env: Env, config: MessagesConfig, message: Outgoing): Promise<SendOutcome> {
  const email = {
    from: config.from,
    to: message.recipient,
    subject: message.subject,
    text: message.body,
    headers: { "X-Entity-Ref-ID": message.id },
  };
  if (config.standinUrl) {
    const response = await fetch(`${config.standinUrl}/email/send`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": message.id },
      body: JSON.stringify(email),
    });
    const answer = await answerOf(response, "The e-mail stand-in");
    if (isOutcome(answer)) return answer;
    const id = field(answer, "messageId");
    return { ok: true, providerMessageId: typeof id === "string" ? id : null };
  }
  if (!env.EMAIL)
    return { ok: false, error: "E-mail is not configured (send_email binding EMAIL)", permanent: false };
  try {
    const sent = await env.EMAIL.send(email);
    return { ok: true, providerMessageId: sent.messageId ?? null };
  } catch (error) {
    return { ok: false, error: `E-mail sending failed: ${String(error).slice(0, 200)}`, permanent: false };
  }
}

/** Sends one message through its channel's provider. A network failure is an outcome, not a throw. */
export async function sendThroughProvider(
  env: Env,
  config: MessagesConfig,
  message: Outgoing,
): Promise<SendOutcome> {
  try {
    if (message.channel === "sms") return await sendSms(config, message);
    if (message.channel === "whatsapp") return await sendWhatsApp(config, message);
    return await sendEmail(env, config, message);
  } catch (error) {
    return {
      ok: false,
      error: `Could not reach the provider: ${String(error).slice(0, 200)}`,
      permanent: false,
    };
  }
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  return new Uint8Array(hex.match(/../g)!.map((pair) => parseInt(pair, 16)));
}

/** Whether `signatureHex` is the HMAC of the body under `secret` (compared in constant time by WebCrypto). */
async function hmacMatches(hash: "SHA-256" | "SHA-512", secret: string, body: string, signatureHex: string) {
  const signature = hexToBytes(signatureHex);
  if (!signature) return false;
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash },
    false,
    ["verify"],
  );
  return crypto.subtle.verify("HMAC", key, signature, new TextEncoder().encode(body));
}

/**
 * A provider's callback is theirs when it carries their signature of the exact body: the SMS gateway's
 * `X-Termii-Signature` (HMAC-SHA512), WhatsApp's `X-Hub-Signature-256: sha256=…` (HMAC-SHA256 with the app
 * secret). Without a configured secret nothing is accepted.
 */
export async function verifyCallback(
  config: MessagesConfig,
  provider: "sms" | "whatsapp",
  headers: Headers,
  body: string,
): Promise<boolean> {
  if (provider === "sms") {
    const secret = config.sms.webhookSecret;
    const signature = headers.get("X-Termii-Signature");
    return !!secret && !!signature && hmacMatches("SHA-512", secret, body, signature);
  }
  const secret = config.whatsapp.webhookSecret;
  const signature = /^sha256=([0-9a-f]+)$/i.exec(headers.get("X-Hub-Signature-256") ?? "")?.[1];
  return !!secret && !!signature && hmacMatches("SHA-256", secret, body, signature);
}
