/**
 * The Worker's chat routes: POST /chat/ticket and GET /api/chat/messages/{conversationId}, role by
 * role. The party does not run inside the Workers pool, so the history calls go through the real Worker
 * with CHAT_HOST pointed at a host that cannot exist: a refusal (401/403/404) therefore proves the role
 * check came before any party call, and the owner and the admin get a clean 503, never a 500. The 200s with
 * a live party are covered end to end (tests/e2e/chat.test.ts).
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { verifyTicket } from "~/lib/chat-ticket";
import worker from "../../workers/app";
import { CHAT_CONSENT_NEEDED } from "~/features/privacy/consents.server";
import { bearer, Client, ORIGIN, signUp } from "./helpers";

/** `.invalid` never resolves (RFC 2606): the party is unreachable, deterministically and offline. */
const UNREACHABLE = { ...env, CHAT_HOST: "chat.invalid" };

async function viaWorker(path: string, headers: HeadersInit = {}, bindings: Env = UNREACHABLE) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { headers });
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Chat consents on record for a customer (given or withdrawn). */
async function consentRows(userId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM consents WHERE user_id = ? AND kind = 'chat'")
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function ticketFrom(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  const body = (await response.json()) as { ticket: string; host: string; party: string; room: string };
  const check = await verifyTicket(env.CHAT_SECRET!, body.ticket);
  if (!check.ok) throw new Error(check.reason);
  return { ...body, claims: check.claims };
}

describe("POST /chat/ticket", () => {
  it("mints a minute-long ticket for the customer's own conversation, and no other", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    const emeka = await signUp("Emeka Eze");

    const own = await ticketFrom(
      await ngozi.client.postJson("/chat/ticket", { consent: true }, { Origin: ORIGIN }),
    );
    expect(own).toMatchObject({ host: env.CHAT_HOST, party: "main", room: ngozi.id, userId: ngozi.id });
    expect(own.claims).toMatchObject({ sub: ngozi.id, role: "user", name: "Ngozi Okafor", room: ngozi.id });
    expect(own.claims.exp - Date.now()).toBeGreaterThan(50_000);
    expect(own.claims.exp - Date.now()).toBeLessThanOrEqual(60_000);

    // Without a body too (a bearer-token client), and explicitly naming their own id.
    const client = new Client();
    expect(
      (await ticketFrom(await client.fetch("/chat/ticket", { method: "POST", headers: bearer(ngozi) }))).room,
    ).toBe(ngozi.id);
    expect(
      (await ticketFrom(await ngozi.client.postJson("/chat/ticket", { conversationId: ngozi.id }))).room,
    ).toBe(ngozi.id);

    const other = await ngozi.client.postJson("/chat/ticket", { conversationId: emeka.id });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ message: "You can only open your own conversation." });
    expect((await ngozi.client.postJson("/chat/ticket", { inbox: true })).status).toBe(403);
  });

  it("a customer chats only with chat consent: none yet is a 403 saying so; {consent: true} gives it", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    for (const refused of [
      await ngozi.client.postJson("/chat/ticket", {}),
      await new Client().fetch("/chat/ticket", { method: "POST", headers: bearer(ngozi) }),
    ]) {
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: CHAT_CONSENT_NEEDED });
    }
    expect((await ngozi.client.postJson("/chat/ticket", { consent: false })).status).toBe(400);
    expect(await consentRows(ngozi.id)).toBe(0);

    const given = await ngozi.client.postJson("/chat/ticket", { consent: true });
    expect((await ticketFrom(given)).room).toBe(ngozi.id);
    expect(await consentRows(ngozi.id)).toBe(1);
    // Recorded like a consent given on the page, with its notice version, and not twice.
    expect(await (await ngozi.client.get("/account/privacy")).text()).toContain("under notice version");
    expect((await ngozi.client.postJson("/chat/ticket", { consent: true })).status).toBe(200);
    expect((await ngozi.client.postJson("/chat/ticket", {})).status).toBe(200);
    expect(await consentRows(ngozi.id)).toBe(1);
  });

  it("mints admins a ticket for any customer's conversation and for the inbox", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    const admin = await signUp("Bola Admin", "admin");
    const conversation = await ticketFrom(
      await admin.client.postJson("/chat/ticket", { conversationId: ngozi.id }),
    );
    expect(conversation.claims).toMatchObject({
      sub: admin.id,
      role: "admin",
      party: "main",
      room: ngozi.id,
    });
    const inbox = await ticketFrom(await admin.client.postJson("/chat/ticket", { inbox: true }));
    expect(inbox.claims).toMatchObject({ role: "admin", party: "inbox", room: "admins" });
    // An admin's own id is not a conversation, nor is an unknown id, nor nothing at all.
    expect((await admin.client.postJson("/chat/ticket", { conversationId: admin.id })).status).toBe(404);
    expect((await admin.client.postJson("/chat/ticket", { conversationId: "no-such-user" })).status).toBe(
      404,
    );
    expect((await admin.client.postJson("/chat/ticket", {})).status).toBe(400);
    expect((await admin.client.postJson("/chat/ticket", { conversationId: "../../etc" })).status).toBe(400);
  });

  it("refuses guests, other methods, bad bodies and other sites", async () => {
    const guest = await new Client().postJson("/chat/ticket", {});
    expect(guest.status).toBe(401);
    expect(await guest.json()).toHaveProperty("message");
    const ngozi = await signUp("Ngozi Okafor");
    expect((await ngozi.client.get("/chat/ticket")).status).toBe(405);
    expect((await ngozi.client.postJson("/chat/ticket", "{nope")).status).toBe(400);
    expect((await ngozi.client.postJson("/chat/ticket", { conversationId: 42 })).status).toBe(400);
    const crossSite = await ngozi.client.postJson("/chat/ticket", {}, { Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
  });
});

describe("GET /api/chat/messages/{conversationId}", () => {
  it("decides who may read before asking the party: guest 401, another customer 403, unknown 404", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    const emeka = await signUp("Emeka Eze");
    const admin = await signUp("Bola Admin", "admin");

    const guest = await viaWorker(`/api/chat/messages/${ngozi.id}`);
    expect(guest.status).toBe(401);
    expect(await guest.json()).toHaveProperty("message");
    const stranger = await viaWorker(`/api/chat/messages/${ngozi.id}`, bearer(emeka));
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toEqual({ message: "You can only open your own conversation." });
    expect(
      (await viaWorker(`/api/chat/messages/${ngozi.id}`, { Authorization: "Bearer not-a-real-token-at-all" }))
        .status,
    ).toBe(401);
    expect((await viaWorker("/api/chat/messages/no-such-customer", bearer(admin))).status).toBe(404);
    expect((await viaWorker(`/api/chat/messages/${ngozi.id}?after=-1`, bearer(ngozi))).status).toBe(400);
  });

  it("gives the owner and an admin a clean 503 JSON when the party cannot be reached", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    const admin = await signUp("Bola Admin", "admin");
    for (const who of [ngozi, admin]) {
      const response = await viaWorker(`/api/chat/messages/${ngozi.id}`, bearer(who));
      expect(response.status).toBe(503);
      expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
      expect(await response.json()).toEqual({
        message: "Chat is unavailable right now. Please try again in a moment.",
      });
    }
    // The session cookie works as well as the bearer token.
    const cookie = [...ngozi.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    expect((await viaWorker(`/api/chat/messages/${ngozi.id}`, { Cookie: cookie })).status).toBe(503);
  });

  it("names a missing CHAT_SECRET instead of serving without it", async () => {
    const response = await viaWorker("/api/chat/messages/x", {}, { ...env, CHAT_SECRET: undefined });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { message: string }).message).toMatch(/CHAT_SECRET is missing/);
  });
});
