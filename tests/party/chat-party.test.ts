/**
 * The chat party for real: `partykit dev` on a free port, clients on partysocket + ws, as the browser has them.
 * Tickets are minted here with the party's secret, exactly as the app's /chat/ticket does.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  MAX_TEXT_LENGTH,
  NOT_YOUR_CONVERSATION,
  TEXT_TOO_LONG,
  MALFORMED_FRAME,
} from "../../app/lib/chat-protocol";
import { freePort } from "../support/free-port";
import { TICKET_ALREADY_USED } from "../../party/connection";
import { ChatClient, handshake, PartyProcess, RawClient, ticket, type Person } from "./party-server";

let party: PartyProcess;
const clients: { close(): void }[] = [];
let counter = 0;

beforeAll(async () => {
  // PARTY_TEST_PORT pins the port (a machine that only allows some); otherwise any free one.
  party = new PartyProcess(Number(process.env.PARTY_TEST_PORT) || (await freePort()));
  await party.start();
}, 90_000);

afterEach(() => {
  clients.splice(0).forEach((c) => c.close());
});

afterAll(async () => {
  await party?.dispose();
});

/** Fresh people per test: rooms persist for the whole file. */
function people() {
  counter += 1;
  const customer: Person = { id: `cust-${counter}-${Date.now()}`, name: `Customer ${counter}`, role: "user" };
  const other: Person = { id: `other-${counter}-${Date.now()}`, name: `Other ${counter}`, role: "user" };
  const admin: Person = { id: `admin-${counter}`, name: "Pharm. Bola", role: "admin" };
  return { customer, other, admin };
}

async function connect(person: Person, target: { party?: "main" | "inbox"; room: string }) {
  const client = new ChatClient(party.host, person, target);
  clients.push(client);
  await client.opened();
  return client;
}

const socketUrl = (room: string, t?: string, partyName = "main") =>
  `ws://${party.host}/parties/${partyName}/${room}${t ? `?ticket=${encodeURIComponent(t)}` : ""}`;

async function storedTexts(conversationId: string) {
  const response = await party.history(conversationId);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: { text: string }[] }).messages.map((m) => m.text);
}

describe("who may connect", () => {
  it("refuses forged, expired and cross-conversation tickets before the socket opens, with auth_error", async () => {
    const { customer, other, admin } = people();
    expect(await handshake(socketUrl(customer.id, await ticket(customer, { room: customer.id })))).toEqual({
      open: true,
    });
    expect(await handshake(socketUrl(customer.id, await ticket(admin, { room: customer.id })))).toEqual({
      open: true,
    });

    expect(await handshake(socketUrl(customer.id))).toMatchObject({
      open: false,
      status: 401,
      body: { type: "auth_error" },
    });
    const forged = await ticket(
      admin,
      { room: customer.id },
      { secret: "not-the-party-secret-0123456789abcdef" },
    );
    expect(await handshake(socketUrl(customer.id, forged))).toMatchObject({
      open: false,
      status: 401,
      body: { type: "auth_error", message: "The chat ticket is not valid." },
    });
    const expired = await ticket(customer, { room: customer.id }, { now: Date.now() - 5 * 60_000 });
    expect(await handshake(socketUrl(customer.id, expired))).toMatchObject({
      open: false,
      status: 401,
      body: { type: "auth_error", message: "The chat ticket has expired." },
    });
    // The other customer's own, valid ticket, presented at this customer's room.
    const crossed = await ticket(other, { room: other.id });
    expect(await handshake(socketUrl(customer.id, crossed))).toMatchObject({
      open: false,
      status: 403,
      body: { type: "auth_error", message: "This chat ticket is for another conversation." },
    });
    // A ticket naming this room but held by another customer.
    expect(await handshake(socketUrl(customer.id, await ticket(other, { room: customer.id })))).toMatchObject(
      {
        open: false,
        status: 403,
      },
    );
    // Customers never get into the admins' inbox.
    const inbox = await ticket(customer, { party: "inbox", room: "admins" });
    expect(await handshake(socketUrl("admins", inbox, "inbox"))).toMatchObject({ open: false, status: 403 });
  });

  it("accepts each ticket once: a copied ticket cannot open a second socket, a fresh ticket reconnects", async () => {
    const { customer, admin } = people();
    const once = await ticket(customer, { room: customer.id });
    const raw = (t: string, room = customer.id, partyName = "main") => {
      const client = new RawClient(socketUrl(room, t, partyName));
      clients.push(client);
      return client;
    };

    const first = raw(once);
    await first.opened;
    first.send({ type: "get_unread_count" });
    expect(await first.next("unread_count")).toMatchObject({ total: 0 });

    // The same ticket while the first socket is open: told auth_error and closed, never served.
    const copy = raw(once);
    expect(await copy.next("auth_error")).toEqual({ type: "auth_error", message: TICKET_ALREADY_USED });
    expect((await copy.closed).code).toBe(4401);

    // And once the first socket has gone: a ticket does not come back to life.
    first.close();
    const replay = raw(once);
    await replay.opened;
    replay.send({ type: "private_message", conversationId: customer.id, toUserId: null, text: "replayed" });
    expect((await replay.closed).code).toBe(4401);
    expect(replay.events).toEqual([{ type: "auth_error", message: TICKET_ALREADY_USED }]);
    expect(await storedTexts(customer.id)).toEqual([]);

    // The admins' inbox holds its tickets to the same rule.
    const inboxTicket = await ticket(admin, { party: "inbox", room: "admins" });
    await raw(inboxTicket, "admins", "inbox").opened;
    expect((await raw(inboxTicket, "admins", "inbox").closed).code).toBe(4401);

    // The app's client asks for a fresh ticket on every (re)connection, so reconnecting just works.
    const you = await connect(customer, { room: customer.id });
    let opens = 0;
    you.socket.addEventListener("open", () => (opens += 1));
    you.socket.reconnect();
    await vi.waitFor(() => expect(opens).toBe(1), { timeout: 10_000 });
    const mark = you.events.length;
    you.send({ type: "private_message", conversationId: customer.id, toUserId: null, text: "reconnected" });
    expect(await you.next("message", (e) => e.text === "reconnected", { since: mark })).toMatchObject({
      seq: 1,
    });
    expect(you.events.filter((e) => e.type === "auth_error")).toEqual([]);
  });

  it("serves history over HTTP only to the app (service ticket), never to a customer's ticket", async () => {
    const { customer, other } = people();
    const client = await connect(customer, { room: customer.id });
    client.send({ type: "private_message", conversationId: customer.id, toUserId: null, text: "private" });
    await client.next("message");
    expect((await party.history(customer.id, null)).status).toBe(401);
    expect(
      (await party.history(customer.id, `Bearer ${await ticket(customer, { room: customer.id })}`)).status,
    ).toBe(403);
    expect(
      (await party.history(customer.id, `Bearer ${await ticket(other, { room: other.id })}`)).status,
    ).toBe(403);
    expect(await storedTexts(customer.id)).toEqual(["private"]);
  });
});

describe("a conversation", () => {
  it("delivers live, shows typing, read receipts and unread counts to the customer, the admin and the inbox", async () => {
    const { customer, admin } = people();
    const inbox = await connect(admin, { party: "inbox", room: "admins" });
    const you = await connect(customer, { room: customer.id });

    you.send({
      type: "private_message",
      conversationId: customer.id,
      toUserId: null,
      text: "Is this safe?",
      clientId: "k1",
    });
    expect(await you.next("message")).toMatchObject({
      text: "Is this safe?",
      clientId: "k1",
      seq: 1,
      readAt: null,
    });
    const alert = await inbox.next("new_user_message", (e) => e.conversationId === customer.id);
    expect(alert.message).toMatchObject({ text: "Is this safe?", fromName: customer.name });
    expect(alert.counts[customer.id]).toBe(1);
    expect(alert.total).toBeGreaterThanOrEqual(1);

    // The pharmacist opens the conversation: typing shows on the other side only.
    const pharmacist = await connect(admin, { room: customer.id });
    let mark = you.events.length;
    pharmacist.send({ type: "typing", conversationId: customer.id, isTyping: true });
    expect(await you.next("typing", () => true, { since: mark })).toMatchObject({
      userId: admin.id,
      isTyping: true,
    });

    // Reading clears the count for every admin and tells the customer.
    mark = you.events.length;
    const inboxMark = inbox.events.length;
    pharmacist.send({ type: "mark_read", conversationId: customer.id });
    expect(await you.next("read", () => true, { since: mark })).toMatchObject({
      readerRole: "admin",
      upToSeq: 1,
    });
    const cleared = await inbox.next("unread_count", () => true, { since: inboxMark });
    expect(cleared.counts[customer.id]).toBeUndefined();

    // The reply raises the customer's own unread count; their reading sends a receipt back.
    mark = you.events.length;
    pharmacist.send({
      type: "private_message",
      conversationId: customer.id,
      toUserId: customer.id,
      text: "Yes, after food.",
    });
    expect(await you.next("message", () => true, { since: mark })).toMatchObject({
      fromRole: "admin",
      to: customer.id,
      text: "Yes, after food.",
    });
    expect((await you.next("unread_count", (e) => e.total === 1, { since: mark })).counts).toEqual({
      [customer.id]: 1,
    });
    const adminMark = pharmacist.events.length;
    you.send({ type: "mark_read", conversationId: customer.id });
    expect(await pharmacist.next("read", () => true, { since: adminMark })).toMatchObject({
      readerRole: "user",
      upToSeq: 2,
    });
    mark = you.events.length;
    you.send({ type: "get_unread_count" });
    expect((await you.next("unread_count", () => true, { since: mark })).total).toBe(0);

    // The stored history carries the read state.
    const response = await party.history(customer.id);
    const { messages } = (await response.json()) as { messages: { readAt: number | null }[] };
    expect(messages.map((m) => m.readAt !== null)).toEqual([true, true]);
  });

  it("refuses writing into another conversation, malformed and oversized frames, and changes nothing", async () => {
    const { customer, other } = people();
    const you = await connect(customer, { room: customer.id });
    await connect(other, { room: other.id });

    const attempts: [unknown, string][] = [
      [
        { type: "private_message", conversationId: other.id, toUserId: null, text: "hi" },
        NOT_YOUR_CONVERSATION,
      ],
      [{ type: "mark_read", conversationId: other.id }, NOT_YOUR_CONVERSATION],
      ["{oops", MALFORMED_FRAME],
      [
        {
          type: "private_message",
          conversationId: customer.id,
          toUserId: null,
          text: "z".repeat(MAX_TEXT_LENGTH + 1),
        },
        TEXT_TOO_LONG,
      ],
      [{ type: "delete_everything" }, MALFORMED_FRAME],
    ];
    for (const [event, expected] of attempts) {
      const mark = you.events.length;
      you.send(typeof event === "string" ? event : JSON.stringify(event));
      expect((await you.next("error_message", () => true, { since: mark })).message).toBe(expected);
    }
    expect(await storedTexts(customer.id)).toEqual([]);
    expect(await storedTexts(other.id)).toEqual([]);
  });

  it("throttles a flood from one connection", async () => {
    const { customer } = people();
    const you = await connect(customer, { room: customer.id });
    for (let i = 0; i < 40; i++) you.send({ type: "get_unread_count" });
    await you.next("error_message", (e) => /too fast/.test(e.message));
    const answered = you.events.filter((e) => e.type === "unread_count").length;
    expect(answered).toBeGreaterThanOrEqual(20);
    expect(answered).toBeLessThan(30);
  });
});

describe("durability", () => {
  it("keeps every message across a restart of partykit dev, and a reconnecting client carries on", async () => {
    const { customer, admin } = people();
    const you = await connect(customer, { room: customer.id });
    for (const text of ["before 1", "before 2"]) {
      const mark = you.events.length;
      you.send({ type: "private_message", conversationId: customer.id, toUserId: null, text });
      await you.next("message", (e) => e.text === text, { since: mark });
    }

    await party.stop();
    await party.start();

    // partysocket reconnects by itself, with a fresh ticket.
    await you.opened();
    const mark = you.events.length;
    you.send({ type: "private_message", conversationId: customer.id, toUserId: null, text: "after" });
    expect(await you.next("message", (e) => e.text === "after", { since: mark })).toMatchObject({ seq: 3 });
    expect(await storedTexts(customer.id)).toEqual(["before 1", "before 2", "after"]);

    // The inbox kept its counts too.
    const inbox = await connect(admin, { party: "inbox", room: "admins" });
    inbox.send({ type: "get_unread_count" });
    expect((await inbox.next("unread_count")).counts[customer.id]).toBe(3);
  }, 90_000);
});
