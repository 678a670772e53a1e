import { describe, expect, it } from "vitest";
import {
  connectionRefusal,
  signTicket,
  TICKET_TTL_MS,
  usableUntil,
  verifyServiceRequest,
  verifyTicket,
} from "./chat-ticket";

const SECRET = "ticket-test-secret-0123456789abcdefgh";
const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

const claims = {
  sub: "user-1",
  role: "user" as const,
  name: "Ngozi",
  party: "main" as const,
  room: "user-1",
};

describe("chat tickets", () => {
  it("round-trips, bound to user, role and room, for about a minute", async () => {
    const now = 1_700_000_000_000;
    const ticket = await signTicket(SECRET, claims, { now });
    expect(await verifyTicket(SECRET, ticket, now + 1000)).toEqual({
      ok: true,
      claims: { ...claims, exp: now + TICKET_TTL_MS, jti: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) },
    });
    expect(await verifyTicket(SECRET, ticket, now + TICKET_TTL_MS + 60_000)).toEqual({
      ok: false,
      reason: "The chat ticket has expired.",
    });
  });

  it("gives every ticket its own id (the party accepts each once), keeping one it is given", async () => {
    const now = 1_700_000_000_000;
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const check = await verifyTicket(SECRET, await signTicket(SECRET, claims, { now }), now);
      if (!check.ok) throw new Error(check.reason);
      ids.add(check.claims.jti);
    }
    expect(ids.size).toBe(20);
    const given = await verifyTicket(SECRET, await signTicket(SECRET, { ...claims, jti: "x".repeat(22) }));
    expect(given.ok && given.claims.jti).toBe("x".repeat(22));
    expect(usableUntil({ exp: now })).toBeGreaterThanOrEqual(now);
  });

  it("refuses a correctly signed ticket without an id: it could not be held to single use", async () => {
    const body = toBase64Url(
      new TextEncoder().encode(JSON.stringify({ ...claims, exp: Date.now() + TICKET_TTL_MS })),
    );
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(SECRET),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`mst1.${body}`));
    const legacy = `mst1.${body}.${toBase64Url(new Uint8Array(signature))}`;
    expect(await verifyTicket(SECRET, legacy)).toEqual({
      ok: false,
      reason: "The chat ticket is malformed.",
    });
  });

  it("refuses a wrong secret, a tampered body, and junk", async () => {
    const ticket = await signTicket(SECRET, claims);
    expect((await verifyTicket("another-secret-0123456789abcdefghijk", ticket)).ok).toBe(false);
    const [prefix, body, signature] = ticket.split(".");
    const admin = btoa(
      JSON.stringify({ ...JSON.parse(atob(body.replace(/-/g, "+").replace(/_/g, "/"))), role: "admin" }),
    )
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(await verifyTicket(SECRET, `${prefix}.${admin}.${signature}`)).toEqual({
      ok: false,
      reason: "The chat ticket is not valid.",
    });
    for (const junk of [null, "", "a.b", "mst1..", "mst1.!!.!!", `${ticket}x`, "x".repeat(5000)]) {
      expect((await verifyTicket(SECRET, junk)).ok).toBe(false);
    }
  });

  it("lets a customer into their own conversation only, an admin anywhere, and only admins into the inbox", () => {
    const exp = Date.now() + 1000;
    const jti = "t".repeat(22);
    const user = { ...claims, exp, jti };
    const admin = { ...claims, sub: "admin-1", role: "admin" as const, exp, jti };
    expect(connectionRefusal(user, { party: "main", room: "user-1" })).toBeNull();
    expect(connectionRefusal({ ...user, room: "user-2" }, { party: "main", room: "user-2" })?.status).toBe(
      403,
    );
    expect(connectionRefusal(user, { party: "main", room: "user-2" })?.status).toBe(403);
    expect(connectionRefusal({ ...admin, room: "user-2" }, { party: "main", room: "user-2" })).toBeNull();
    expect(
      connectionRefusal({ ...admin, party: "inbox", room: "admins" }, { party: "inbox", room: "admins" }),
    ).toBeNull();
    expect(
      connectionRefusal({ ...user, party: "inbox", room: "admins" }, { party: "inbox", room: "admins" })
        ?.status,
    ).toBe(403);
    expect(connectionRefusal({ ...user, role: "service" }, { party: "main", room: "user-1" })?.status).toBe(
      403,
    );
  });

  it("authenticates service calls with a service ticket for that room", async () => {
    const headers = (value?: string) => new Headers(value ? { Authorization: value } : {});
    const service = await signTicket(SECRET, { ...claims, sub: "medistore", role: "service" });
    expect(
      await verifyServiceRequest(
        SECRET,
        { headers: headers(`Bearer ${service}`) },
        { party: "main", room: "user-1" },
      ),
    ).toBeNull();
    expect(
      (await verifyServiceRequest(SECRET, { headers: headers() }, { party: "main", room: "user-1" }))?.status,
    ).toBe(401);
    expect(
      (
        await verifyServiceRequest(
          SECRET,
          { headers: headers(`Bearer ${service}`) },
          { party: "main", room: "user-9" },
        )
      )?.status,
    ).toBe(403);
    const user = await signTicket(SECRET, claims);
    expect(
      (
        await verifyServiceRequest(
          SECRET,
          { headers: headers(`Bearer ${user}`) },
          { party: "main", room: "user-1" },
        )
      )?.status,
    ).toBe(403);
  });
});
