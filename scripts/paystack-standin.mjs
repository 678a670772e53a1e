#!/usr/bin/env node
/**
 * A local stand-in for the parts of Paystack's API the shop uses, so that `npm start` and the tests run
 * with no network and no account. It answers as the gateway documents: JSON envelopes
 * `{status, message, data}`, `Authorization: Bearer <secret key>`, amounts in kobo.
 *
 *   POST /transaction/initialize   {email, amount, reference, callback_url, currency, metadata}
 *   GET  /transaction/verify/:ref  the transaction: status "success", "failed" or "abandoned" (not paid yet)
 *   POST /refund                   {transaction (id or reference), amount?}: queued, then `refund.processed`
 *   GET  /pay/:access_code         the hosted payment page, with Pay and Fail buttons (plain forms)
 *   POST /__standin/refund-fails?reference=…  that transaction's refund will end in `refund.failed`
 *
 * After Pay (and a refund) it sends a webhook signed as the gateway signs them (`x-paystack-signature`: hex
 * HMAC-SHA512 of the raw body keyed with the secret key) to PAYSTACK_WEBHOOK_URL when set; every webhook
 * is also kept, for tests to read (GET /__standin/webhooks?reference=…) and deliver themselves.
 *
 * Run alone: PAYSTACK_SECRET_KEY=sk_test_… node scripts/paystack-standin.mjs [port]
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

const naira = (kobo) => `₦${(kobo / 100).toLocaleString("en-NG", { minimumFractionDigits: 2 })}`;

/**
 * Starts the stand-in. `webhookUrl`: where webhooks go (none: only kept). Answers its URL and a stop().
 */
export async function startPaystackStandIn({ port = 0, secretKey, webhookUrl = null, host = "127.0.0.1" }) {
  if (!secretKey) throw new Error("The Paystack stand-in needs the secret key (PAYSTACK_SECRET_KEY)");
  /** reference → transaction */
  const transactions = new Map();
  const byAccessCode = new Map();
  const webhooks = [];
  let nextId = 4_000_000_000;
  let origin = "";

  const sign = (body) => createHmac("sha512", secretKey).update(body).digest("hex");

  async function sendWebhook(event, data, reference) {
    const body = JSON.stringify({ event, data });
    const signature = sign(body);
    webhooks.push({ event, reference, body, signature });
    if (!webhookUrl) return;
    // As the gateway does, a failed delivery is tried again (here a few times, a second apart).
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const response = await fetch(webhookUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json", "x-paystack-signature": signature },
          body,
        });
        if (response.ok) return;
      } catch {
        // the app is not listening yet: tried again
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  const transactionData = (tx) => ({
    id: tx.id,
    domain: "test",
    status: tx.status,
    reference: tx.reference,
    amount: tx.amount,
    gateway_response: tx.status === "success" ? "Successful" : tx.status === "failed" ? "Declined" : null,
    paid_at: tx.paidAt,
    created_at: tx.createdAt,
    channel: "card",
    currency: tx.currency,
    metadata: tx.metadata,
    customer: { email: tx.email },
  });

  function json(res, status, body) {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  }

  const readBody = (req) =>
    new Promise((resolve, reject) => {
      let text = "";
      req.setEncoding("utf8");
      req.on("data", (chunk) => {
        text += chunk;
        if (text.length > 100_000) req.destroy();
      });
      req.on("end", () => resolve(text));
      req.on("error", reject);
    });

  function authorised(req, res) {
    if (req.headers.authorization === `Bearer ${secretKey}`) return true;
    json(res, 401, { status: false, message: "Invalid key" });
    return false;
  }

  function page(res, status, title, body) {
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;padding:24px 12px;color:#111}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px #0002}
h1{font-size:1.1rem;margin:0 0 4px}.amount{font-size:1.8rem;font-weight:700;margin:12px 0}
button{display:block;width:100%;padding:12px;margin-top:10px;border-radius:8px;font-size:1rem;font-weight:600;cursor:pointer}
.pay{background:#0ba4db;color:#fff;border:0}.fail{background:#fff;color:#b91c1c;border:1px solid #b91c1c}
.note{font-size:.8rem;color:#555;margin-top:16px}p{overflow-wrap:anywhere}</style></head><body><main>${body}</main></body></html>`);
  }

  function backTo(tx) {
    const url = new URL(tx.callbackUrl);
    url.searchParams.set("trxref", tx.reference);
    url.searchParams.set("reference", tx.reference);
    return url.toString();
  }

  async function handle(req, res) {
    const url = new URL(req.url, origin);
    const path = url.pathname;

    if (req.method === "POST" && path === "/transaction/initialize") {
      if (!authorised(req, res)) return;
      let body;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return json(res, 400, { status: false, message: "Invalid JSON" });
      }
      const amount = Number(body.amount);
      if (typeof body.email !== "string" || !body.email.includes("@"))
        return json(res, 400, { status: false, message: "Invalid Email Address Passed" });
      if (!Number.isInteger(amount) || amount <= 0)
        return json(res, 400, { status: false, message: "Invalid Amount Sent" });
      const reference = body.reference ?? randomBytes(8).toString("hex");
      if (!/^[A-Za-z0-9.=-]{1,100}$/.test(reference))
        return json(res, 400, { status: false, message: "Invalid transaction reference" });
      if (transactions.has(reference))
        return json(res, 400, { status: false, message: "Duplicate Transaction Reference" });
      const accessCode = randomBytes(8).toString("hex");
      const tx = {
        id: nextId++,
        reference,
        accessCode,
        amount,
        currency: body.currency ?? "NGN",
        email: body.email,
        metadata: body.metadata ?? null,
        callbackUrl: body.callback_url ?? origin,
        status: "abandoned",
        paidAt: null,
        createdAt: new Date().toISOString(),
        refunded: false,
        refundFails: false,
      };
      transactions.set(reference, tx);
      byAccessCode.set(accessCode, tx);
      return json(res, 200, {
        status: true,
        message: "Authorization URL created",
        data: { authorization_url: `${origin}/pay/${accessCode}`, access_code: accessCode, reference },
      });
    }

    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (req.method === "GET" && verify) {
      if (!authorised(req, res)) return;
      const tx = transactions.get(decodeURIComponent(verify[1]));
      if (!tx) return json(res, 400, { status: false, message: "Transaction reference not found" });
      return json(res, 200, { status: true, message: "Verification successful", data: transactionData(tx) });
    }

    if (req.method === "POST" && path === "/refund") {
      if (!authorised(req, res)) return;
      let body;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return json(res, 400, { status: false, message: "Invalid JSON" });
      }
      const key = String(body.transaction ?? "");
      const tx = transactions.get(key) ?? [...transactions.values()].find((t) => String(t.id) === key);
      if (!tx) return json(res, 400, { status: false, message: "Transaction not found" });
      if (tx.status !== "success")
        return json(res, 400, {
          status: false,
          message: "Cannot refund a transaction that was not successful",
        });
      if (tx.refunded)
        return json(res, 400, { status: false, message: "Transaction has been fully reversed" });
      const amount = body.amount === undefined ? tx.amount : Number(body.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > tx.amount)
        return json(res, 400, {
          status: false,
          message: "Refund amount cannot be more than the transaction amount",
        });
      tx.refunded = true;
      const refundId = nextId++;
      json(res, 200, {
        status: true,
        message: "Refund has been queued for processing",
        data: {
          transaction: transactionData(tx),
          integration: 1,
          deducted_amount: 0,
          channel: null,
          merchant_note: `Refund for transaction ${tx.reference}`,
          customer_note: `Refund for transaction ${tx.reference}`,
          status: "pending",
          refunded_by: "standin@medistore.local",
          expected_at: new Date(Date.now() + 86_400_000).toISOString(),
          currency: tx.currency,
          domain: "test",
          amount,
          fully_deducted: true,
          id: refundId,
        },
      });
      // Processed (or, when asked for, failed) at once here; the gateway reports it by webhook, as the
      // real one does later. Its data is as documented: the transaction's reference, no id of its own,
      // the amount as a string.
      await sendWebhook(
        tx.refundFails ? "refund.failed" : "refund.processed",
        {
          status: tx.refundFails ? "failed" : "processed",
          transaction_reference: tx.reference,
          refund_reference: String(refundId),
          amount: String(amount),
          currency: tx.currency,
          processor: "standin",
          customer: { first_name: null, last_name: null, email: tx.email },
          integration: 1,
          domain: "test",
        },
        tx.reference,
      );
      return;
    }

    const hosted = /^\/pay\/([a-f0-9]+)(?:\/(pay|fail))?$/.exec(path);
    if (hosted) {
      const tx = byAccessCode.get(hosted[1]);
      if (!tx) return page(res, 404, "Not found", "<h1>This payment link is not valid.</h1>");
      if (req.method === "GET" && !hosted[2]) {
        if (tx.status !== "abandoned")
          return page(
            res,
            200,
            "Payment",
            `<h1>This payment is ${escapeHtml(tx.status)}.</h1><p><a href="${escapeHtml(backTo(tx))}">Back to the shop</a></p>`,
          );
        return page(
          res,
          200,
          "Pay with Paystack (stand-in)",
          `<h1>Paystack test payment</h1><p>${escapeHtml(tx.email)}</p>
<p class="amount" data-testid="standin-amount">${escapeHtml(naira(tx.amount))}</p>
<form method="post" action="/pay/${tx.accessCode}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/pay/${tx.accessCode}/fail"><button class="fail" type="submit">Fail</button></form>
<p class="note">A local stand-in for Paystack: no money moves. Reference ${escapeHtml(tx.reference)}.</p>`,
        );
      }
      if (req.method === "POST" && hosted[2]) {
        await readBody(req);
        if (tx.status === "abandoned") {
          tx.status = hosted[2] === "pay" ? "success" : "failed";
          if (tx.status === "success") {
            tx.paidAt = new Date().toISOString();
            // The webhook goes out before the shopper is sent back, as the gateway's usually does.
            await sendWebhook("charge.success", transactionData(tx), tx.reference);
          }
        }
        res.writeHead(302, { Location: backTo(tx) });
        return res.end();
      }
    }

    if (req.method === "POST" && path === "/__standin/refund-fails") {
      const tx = transactions.get(url.searchParams.get("reference") ?? "");
      if (!tx) return json(res, 404, { status: false, message: "Transaction not found" });
      tx.refundFails = true;
      return json(res, 200, { status: true, message: "Its refund will fail" });
    }

    if (req.method === "GET" && path === "/__standin/webhooks") {
      const reference = url.searchParams.get("reference");
      return json(
        res,
        200,
        webhooks.filter((w) => !reference || w.reference === reference),
      );
    }

    json(res, 404, { status: false, message: "Not found" });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error("paystack stand-in:", error);
      if (!res.headersSent) json(res, 500, { status: false, message: "Stand-in error" });
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  origin = `http://${host}:${server.address().port}`;
  return {
    url: origin,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.argv[2] ?? process.env.PAYSTACK_STANDIN_PORT ?? 8790);
  const standIn = await startPaystackStandIn({
    port,
    secretKey: process.env.PAYSTACK_SECRET_KEY,
    webhookUrl: process.env.PAYSTACK_WEBHOOK_URL || null,
  });
  console.log(`Paystack stand-in on ${standIn.url}`);
}
