#!/usr/bin/env node
/**
 * A stand-in for the message providers, for `npm start` and the tests (no network, no account):
 *  - the SMS gateway: `POST /api/sms/send` ({api_key, to, from, sms, type, channel} → {code, message_id,
 *    message, balance, user}), delivery reports and inbound replies signed with `X-Termii-Signature`
 *    (HMAC-SHA512 of the body under SMS_WEBHOOK_SECRET);
 *  - the WhatsApp Cloud API: `POST /v21.0/{phone-number-id}/messages` (template messages, Bearer token →
 *    {messaging_product, contacts, messages: [{id}]}), status callbacks signed with `X-Hub-Signature-256`
 *    (sha256=HMAC-SHA256 of the body under WHATSAPP_APP_SECRET);
 *  - e-mail: `POST /email/send` taking what Cloudflare's send_email binding takes ({from, to, subject, text})
 *    and answering {messageId}.
 * Every send honours `Idempotency-Key`: the same key gets the first answer again and delivers nothing new.
 * `GET /inbox` lists what each phone and inbox received (the app's /dev/inbox page shows it).
 * Test controls: `POST /control/fail {to, times, afterAccept?}` makes the next sends to `to` fail with 500
 * (afterAccept: delivered, then answered 500, as when an answer is lost); `POST /control/reply
 * {from, text, channel?}` sends an inbound SMS (or, with channel "whatsapp", a WhatsApp reply) to the app; `GET /control/callbacks` lists the signed callbacks it made.
 * Callbacks go to APP_URL (when set) at /api/messages/callback/sms and /api/messages/callback/whatsapp.
 */
import { createHmac, randomUUID } from "node:crypto";
import { createServer } from "node:http";

/**
 * Starts the stand-in; answers its URL and a stop function.
 * @param {{ port?: number, host?: string, appUrl?: string | null, smsSecret?: string | null,
 *   whatsappSecret?: string | null, log?: (line: string) => void }} [options]
 */
export async function startMessageStandin({
  port = 0,
  host = "127.0.0.1",
  appUrl = null,
  smsSecret = null,
  whatsappSecret = null,
  log = () => {},
} = {}) {
  const inbox = [];
  const byKey = new Map();
  const failures = new Map();
  const callbacks = [];

  async function callback(provider, payload) {
    const body = JSON.stringify(payload);
    const headers = { "Content-Type": "application/json" };
    if (provider === "sms" && smsSecret)
      headers["X-Termii-Signature"] = createHmac("sha512", smsSecret).update(body).digest("hex");
    if (provider === "whatsapp" && whatsappSecret)
      headers["X-Hub-Signature-256"] =
        `sha256=${createHmac("sha256", whatsappSecret).update(body).digest("hex")}`;
    const path = `/api/messages/callback/${provider}`;
    callbacks.push({ path, headers, body });
    if (!appUrl) return;
    try {
      await fetch(`${appUrl}${path}`, { method: "POST", headers, body });
    } catch (error) {
      log(`callback to the app failed: ${error}`);
    }
  }

  function deliver(entry, report) {
    inbox.push(entry);
    // Never the text: it holds the order's private link.
    log(`${entry.channel} to ${entry.to}`);
    // The report follows the answer, as the providers' do.
    if (report) setTimeout(() => void callback(entry.channel, report(entry)), 50);
  }

  /** Whether this send must fail now (and how), counting down the recipient's planned failures. */
  function plannedFailure(to) {
    const plan = failures.get(to);
    if (!plan || plan.times <= 0) return null;
    plan.times -= 1;
    return plan;
  }

  const json = (res, status, body) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };

  async function readBody(req) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString("utf8");
    try {
      return text ? JSON.parse(text) : {};
    } catch {
      return null;
    }
  }

  /** A send: checked, then delivered once per idempotency key, or failed as planned. */
  function send(req, res, body, { channel, to, entry, answer, report }) {
    const key = req.headers["idempotency-key"];
    if (key && byKey.has(key)) return json(res, 200, byKey.get(key));
    const failure = plannedFailure(to);
    if (failure && !failure.afterAccept) return json(res, 500, { message: "Stand-in: failing as asked" });
    const id = randomUUID();
    const reply = answer(id);
    if (key) byKey.set(key, reply);
    deliver(
      { channel, to, at: new Date().toISOString(), status: "delivered", providerId: id, ...entry },
      report,
    );
    if (failure) return json(res, 500, { message: "Stand-in: delivered, then failing as asked" });
    json(res, 200, reply);
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://standin");
    if (req.method === "GET" && url.pathname === "/inbox") return json(res, 200, { messages: inbox });
    if (req.method === "GET" && url.pathname === "/control/callbacks") return json(res, 200, { callbacks });
    if (req.method !== "POST") return json(res, 404, { message: "Not found" });
    const body = await readBody(req);
    if (body === null || typeof body !== "object") return json(res, 400, { message: "Send JSON." });

    if (url.pathname === "/api/sms/send") {
      if (!body.api_key) return json(res, 401, { message: "api_key is required" });
      if (!body.to || !body.sms || !body.from)
        return json(res, 400, { message: "to, from and sms are required" });
      const to = `+${String(body.to).replace(/^\+/, "")}`;
      return send(req, res, body, {
        channel: "sms",
        to,
        entry: { subject: null, text: String(body.sms), from: String(body.from) },
        answer: (id) => ({
          code: "ok",
          message_id: id,
          message: "Successfully Sent",
          balance: 1000,
          user: "MediStore",
        }),
        report: (entry) => ({
          type: "outbound",
          id: randomUUID(),
          message_id: entry.providerId,
          receiver: entry.to.slice(1),
          sender: entry.from,
          message: entry.text,
          sent_at: entry.at,
          status: "Delivered",
          channel: "dnd",
        }),
      });
    }

    const whatsapp = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(url.pathname);
    if (whatsapp) {
      if (!/^Bearer .+/.test(req.headers.authorization ?? ""))
        return json(res, 401, { error: { message: "Missing access token", code: 190 } });
      if (
        body.messaging_product !== "whatsapp" ||
        !body.to ||
        body.type !== "template" ||
        !body.template?.name
      )
        return json(res, 400, { error: { message: "Invalid parameter", code: 100 } });
      const to = `+${String(body.to).replace(/^\+/, "")}`;
      const text = (body.template.components ?? [])
        .flatMap((c) => c.parameters ?? [])
        .map((p) => p.text)
        .join(" ");
      return send(req, res, body, {
        channel: "whatsapp",
        to,
        entry: { subject: null, text, template: body.template.name },
        answer: (id) => ({
          messaging_product: "whatsapp",
          contacts: [{ input: String(body.to), wa_id: String(body.to) }],
          messages: [{ id: `wamid.${id}` }],
        }),
        report: (entry) => ({
          object: "whatsapp_business_account",
          entry: [
            {
              id: whatsapp[1],
              changes: [
                {
                  field: "messages",
                  value: {
                    messaging_product: "whatsapp",
                    statuses: [
                      {
                        id: `wamid.${entry.providerId}`,
                        status: "delivered",
                        recipient_id: entry.to.slice(1),
                        biz_opaque_callback_data: body.biz_opaque_callback_data,
                      },
                    ],
                  },
                },
              ],
            },
          ],
        }),
      });
    }

    if (url.pathname === "/email/send") {
      if (!body.to || !body.from || !body.subject || !(body.text || body.html))
        return json(res, 400, { message: "from, to, subject and text or html are required" });
      const to = String(Array.isArray(body.to) ? body.to[0] : body.to).toLowerCase();
      return send(req, res, body, {
        channel: "email",
        to,
        entry: {
          subject: String(body.subject),
          text: String(body.text ?? body.html),
          from: String(body.from),
        },
        answer: (id) => ({ messageId: `<${id}@standin.local>` }),
        report: null,
      });
    }

    if (url.pathname === "/control/fail") {
      failures.set(String(body.to), { times: Number(body.times ?? 1), afterAccept: !!body.afterAccept });
      return json(res, 200, { ok: true });
    }
    if (url.pathname === "/control/reply") {
      if (body.channel === "whatsapp") {
        // A reply on WhatsApp: the Cloud API's webhook of an inbound text message.
        await callback("whatsapp", {
          object: "whatsapp_business_account",
          entry: [
            {
              id: "standin",
              changes: [
                {
                  field: "messages",
                  value: {
                    messaging_product: "whatsapp",
                    messages: [
                      {
                        from: String(body.from).replace(/^\+/, ""),
                        id: `wamid.${randomUUID()}`,
                        timestamp: String(Math.floor(Date.now() / 1000)),
                        type: "text",
                        text: { body: String(body.text) },
                      },
                    ],
                  },
                },
              ],
            },
          ],
        });
        return json(res, 200, { ok: true });
      }
      const payload = {
        type: "inbound",
        id: randomUUID(),
        sender: String(body.from).replace(/^\+/, ""),
        receiver: "MediStore",
        message: String(body.text),
        sent_at: new Date().toISOString(),
      };
      await callback("sms", payload);
      return json(res, 200, { ok: true });
    }
    json(res, 404, { message: "Not found" });
  });

  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// `node scripts/message-standin.mjs`: npm start runs it beside the app (MESSAGES_STANDIN_PORT, APP_URL).
if (import.meta.url === `file://${process.argv[1]}`) {
  const standin = await startMessageStandin({
    port: Number(process.env.MESSAGES_STANDIN_PORT ?? 8790),
    appUrl: process.env.APP_URL ?? null,
    smsSecret: process.env.SMS_WEBHOOK_SECRET ?? null,
    whatsappSecret: process.env.WHATSAPP_APP_SECRET ?? null,
    log: (line) => console.log(line),
  });
  console.log(`Message stand-in (SMS, WhatsApp, e-mail) on ${standin.url}`);
}
