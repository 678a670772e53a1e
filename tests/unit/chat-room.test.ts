/** The chat rooms' logic (party/chat.ts, party/inbox.ts) in Node, on a small fake room (tests/unit/fake-party.ts). */
import type * as Party from "partykit/server";
import { beforeEach, describe, expect, it } from "vitest";
import {
  FRAME_TOO_LARGE,
  INBOX_PARTY,
  INBOX_ROOM,
  MALFORMED_FRAME,
  MAX_FRAME_LENGTH,
  MAX_TEXT_LENGTH,
  NOT_YOUR_CONVERSATION,
  TEXT_EMPTY,
  TEXT_TOO_LONG,
  TOO_FAST,
} from "../../app/lib/chat-protocol";
import { serviceTicket, signTicket, TICKET_TTL_MS } from "../../app/lib/chat-ticket";
import ChatRoom, { messageKey } from "../../party/chat";
import InboxRoom from "../../party/inbox";
import { Throttle, TICKET_ALREADY_USED, UsedTickets } from "../../party/connection";
import { FakeParty, FakeStorage, SECRET, say, ticketFor, type Person } from "./fake-party";

const ngozi: Person = { id: "cust-ngozi", name: "Ngozi Okafor", role: "user" };
const emeka: Person = { id: "cust-emeka", name: "Emeka Eze", role: "user" };
const pharmacist: Person = { id: "admin-1", name: "Pharm. Bola", role: "admin" };

let party: FakeParty;

beforeEach(() => {
  party = new FakeParty();
});

async function join(person: Person, conversationId: string) {
  const room = await party.conversation(conversationId);
  const connection = await room.fake.connect(await ticketFor(person, { room: conversationId }));
  return { room, connection };
}

async function joinInbox(person: Person) {
  const inbox = await party.inbox();
  const connection = await inbox.fake.connect(
    await ticketFor(person, { party: INBOX_PARTY, room: INBOX_ROOM }),
  );
  return { inbox, connection };
}

/** What the room stores besides the ids of the tickets it has accepted: messages and counters. */
const conversationKeys = (room: { fake: { storage: FakeStorage } }) =>
  [...room.fake.storage.data.keys()].filter((key) => !key.startsWith("ticket:"));

const message = (
  text: string,
  conversationId = ngozi.id,
  toUserId: string | null = null,
  clientId?: string,
) => ({
  type: "private_message",
  conversationId,
  toUserId,
  text,
  clientId,
});

describe("conversation room", () => {
  it("delivers a customer's message to everyone in the room, acknowledges the sender, stores one key", async () => {
    const { room, connection: customer } = await join(ngozi, ngozi.id);
    const admin = await room.fake.connect(await ticketFor(pharmacist, { room: ngozi.id }));
    const writesBefore = room.fake.storage.writes.length;

    await say(room, customer, message("  I have a headache  ", ngozi.id, null, "c-1"));

    const mine = customer.last("message")!;
    const theirs = admin.last("message")!;
    expect(mine).toMatchObject({
      seq: 1,
      conversationId: ngozi.id,
      from: ngozi.id,
      fromRole: "user",
      fromName: "Ngozi Okafor",
      to: null,
      text: "I have a headache",
      readAt: null,
      clientId: "c-1",
    });
    expect(theirs._id).toBe(mine._id);
    expect(theirs.clientId).toBeUndefined();
    // One message = the message key and the small meta record; the history is never rewritten.
    expect(room.fake.storage.writes.slice(writesBefore)).toEqual([messageKey(1), "meta"]);
    expect(room.fake.storage.data.get(messageKey(1))).toMatchObject({ text: "I have a headache" });
  });

  it("lets an admin answer the conversation's customer, and the customer's unread count follows", async () => {
    const { room, connection: customer } = await join(ngozi, ngozi.id);
    const admin = await room.fake.connect(await ticketFor(pharmacist, { room: ngozi.id }));

    await say(room, admin, message("Drink water and rest.", ngozi.id, ngozi.id));
    expect(customer.last("message")).toMatchObject({ from: pharmacist.id, fromRole: "admin", to: ngozi.id });
    expect(customer.last("unread_count")).toEqual({
      type: "unread_count",
      counts: { [ngozi.id]: 1 },
      total: 1,
    });

    await say(room, customer, { type: "get_unread_count" });
    expect(customer.last("unread_count")?.total).toBe(1);

    await say(room, customer, { type: "mark_read", conversationId: ngozi.id });
    expect(customer.last("unread_count")?.total).toBe(0);
    const receipt = admin.last("read")!;
    expect(receipt).toMatchObject({ readerId: ngozi.id, readerRole: "user", upToSeq: 1 });
    expect(room.fake.storage.data.get(messageKey(1))).toMatchObject({ readAt: receipt.readAt });
  });

  it("refuses a toUserId that does not fit the sender", async () => {
    const { room, connection: customer } = await join(ngozi, ngozi.id);
    const admin = await room.fake.connect(await ticketFor(pharmacist, { room: ngozi.id }));
    await say(room, customer, message("hi", ngozi.id, emeka.id, "x"));
    expect(customer.last("error_message")).toMatchObject({ clientId: "x" });
    await say(room, admin, message("hi", ngozi.id, emeka.id));
    expect(admin.last("error_message")?.message).toBe(NOT_YOUR_CONVERSATION);
    expect(conversationKeys(room)).toEqual([]);
  });

  it("refuses frames that name another conversation: a customer cannot write or read elsewhere", async () => {
    const { room, connection: customer } = await join(ngozi, ngozi.id);
    for (const frame of [
      message("psst", emeka.id),
      { type: "mark_read", conversationId: emeka.id },
      { type: "typing", conversationId: emeka.id, isTyping: true },
    ]) {
      await say(room, customer, frame);
      expect(customer.last("error_message")?.message).toBe(NOT_YOUR_CONVERSATION);
    }
    expect(conversationKeys(room)).toEqual([]);
  });

  it("shows typing to the others only", async () => {
    const { room, connection: customer } = await join(ngozi, ngozi.id);
    const admin = await room.fake.connect(await ticketFor(pharmacist, { room: ngozi.id }));
    await say(room, admin, { type: "typing", conversationId: ngozi.id, isTyping: true });
    expect(customer.last("typing")).toEqual({
      type: "typing",
      conversationId: ngozi.id,
      userId: pharmacist.id,
      isTyping: true,
    });
    expect(admin.of("typing")).toEqual([]);
  });

  it("answers malformed and oversized frames with error_message and changes nothing", async () => {
    const { room, connection: customer } = await join(ngozi, ngozi.id);
    const cases: [unknown, string][] = [
      ["{not json", MALFORMED_FRAME],
      [{ type: "shout", text: "hi" }, MALFORMED_FRAME],
      [{ type: "private_message", conversationId: ngozi.id, text: "no toUserId" }, MALFORMED_FRAME],
      [message("x".repeat(MAX_TEXT_LENGTH + 1)), TEXT_TOO_LONG],
      [message(" \n\t "), TEXT_EMPTY],
      [{ type: "typing", conversationId: ngozi.id, isTyping: "yes" }, MALFORMED_FRAME],
      ["x".repeat(MAX_FRAME_LENGTH + 1), FRAME_TOO_LARGE],
    ];
    for (const [frame, expected] of cases) {
      await say(room, customer, frame);
      expect(customer.last("error_message")?.message).toBe(expected);
    }
    await room.server.onMessage(new Uint8Array([1, 2, 3]), customer as unknown as Party.Connection);
    expect(customer.last("error_message")?.message).toBe(MALFORMED_FRAME);
    expect(conversationKeys(room)).toEqual([]);
    expect(customer.of("message")).toEqual([]);

    // Exactly 2,000 characters is fine.
    await say(room, customer, message("y".repeat(MAX_TEXT_LENGTH)));
    expect(customer.last("message")?.text).toHaveLength(MAX_TEXT_LENGTH);
  });

  it("throttles a flood from one connection without silencing the others", async () => {
    const { room, connection: flooder } = await join(ngozi, ngozi.id);
    const admin = await room.fake.connect(await ticketFor(pharmacist, { room: ngozi.id }));
    for (let i = 0; i < 60; i++) await say(room, flooder, message(`spam ${i}`));
    const stored = [...room.fake.storage.data.keys()].filter((k) => k.startsWith("msg:")).length;
    expect(stored).toBeGreaterThanOrEqual(20);
    expect(stored).toBeLessThan(30);
    expect(flooder.of("error_message").map((e) => e.message)).toContain(TOO_FAST);
    // One notice, not one per dropped frame.
    expect(flooder.of("error_message").length).toBeLessThan(3);

    await say(room, admin, message("still here", ngozi.id, ngozi.id));
    expect(flooder.last("message")?.text).toBe("still here");
  });

  it("keeps messages, counters and sequence numbers across a restart", async () => {
    let { room, connection: customer } = await join(ngozi, ngozi.id);
    await say(room, customer, message("first"));
    await say(room, customer, message("second"));
    party.restart();
    ({ room, connection: customer } = await join(ngozi, ngozi.id));
    await say(room, customer, message("third"));
    expect(customer.last("message")?.seq).toBe(3);
    expect((await room.server.history({ limit: 10 })).map((m) => m.text)).toEqual([
      "first",
      "second",
      "third",
    ]);
    const { connection: admin } = await joinInbox(pharmacist);
    await say(await party.inbox(), admin, { type: "get_unread_count" });
    expect(admin.last("unread_count")).toEqual({ type: "unread_count", counts: { [ngozi.id]: 3 }, total: 3 });
  });

  it("serves the latest messages, or those after a sequence number, oldest first", async () => {
    const { room, connection: customer } = await join(ngozi, ngozi.id);
    for (let i = 1; i <= 5; i++) await say(room, customer, message(`m${i}`));
    expect((await room.server.history({ limit: 2 })).map((m) => m.text)).toEqual(["m4", "m5"]);
    expect((await room.server.history({ after: 2, limit: 10 })).map((m) => m.seq)).toEqual([3, 4, 5]);
  });
});

describe("tickets at the door", () => {
  const lobby = (id: string, env: Record<string, unknown> = { CHAT_SECRET: SECRET }) =>
    ({ id, env }) as unknown as Party.Lobby;
  const socketRequest = (room: string, ticket?: string) =>
    new Request(
      `http://party.test/parties/main/${room}${ticket ? `?ticket=${encodeURIComponent(ticket)}` : ""}`,
    ) as unknown as Party.Request;

  async function refusal(result: unknown) {
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    return { status: response.status, body: await response.json() };
  }

  it("lets the owner and admins in, and refuses everyone else with auth_error", async () => {
    const own = await ticketFor(ngozi, { room: ngozi.id });
    expect(await ChatRoom.onBeforeConnect(socketRequest(ngozi.id, own), lobby(ngozi.id))).toBeInstanceOf(
      Request,
    );
    const admin = await ticketFor(pharmacist, { room: ngozi.id });
    expect(await ChatRoom.onBeforeConnect(socketRequest(ngozi.id, admin), lobby(ngozi.id))).toBeInstanceOf(
      Request,
    );

    // Another customer's conversation, with a ticket minted for it (the app never mints one, but still).
    const intruder = await ticketFor(emeka, { room: ngozi.id });
    expect(
      await refusal(await ChatRoom.onBeforeConnect(socketRequest(ngozi.id, intruder), lobby(ngozi.id))),
    ).toEqual({
      status: 403,
      body: { type: "auth_error", message: "You can only join your own conversation." },
    });
    // A real ticket for one conversation presented at another.
    const emekas = await ticketFor(emeka, { room: emeka.id });
    expect(
      (await refusal(await ChatRoom.onBeforeConnect(socketRequest(ngozi.id, emekas), lobby(ngozi.id))))
        .status,
    ).toBe(403);
    // None, forged, expired.
    expect(
      (await refusal(await ChatRoom.onBeforeConnect(socketRequest(ngozi.id), lobby(ngozi.id)))).status,
    ).toBe(401);
    const forged = await signTicket("some-other-secret-that-is-long-enough!!", {
      sub: ngozi.id,
      role: "admin",
      name: "x",
      party: "main",
      room: ngozi.id,
    });
    expect(
      (await refusal(await ChatRoom.onBeforeConnect(socketRequest(ngozi.id, forged), lobby(ngozi.id))))
        .status,
    ).toBe(401);
    const expired = await ticketFor(ngozi, { room: ngozi.id }, { now: Date.now() - 10 * 60_000 });
    expect(
      await refusal(await ChatRoom.onBeforeConnect(socketRequest(ngozi.id, expired), lobby(ngozi.id))),
    ).toEqual({
      status: 401,
      body: { type: "auth_error", message: "The chat ticket has expired." },
    });
    // Without a configured secret nobody gets in.
    expect(
      (await refusal(await ChatRoom.onBeforeConnect(socketRequest(ngozi.id, own), lobby(ngozi.id, {}))))
        .status,
    ).toBe(500);
  });

  it("keeps customers out of the admins' inbox", async () => {
    const customer = await ticketFor(ngozi, { party: INBOX_PARTY, room: INBOX_ROOM });
    const result = await InboxRoom.onBeforeConnect(socketRequest(INBOX_ROOM, customer), lobby(INBOX_ROOM));
    expect((await refusal(result)).status).toBe(403);
    const admin = await ticketFor(pharmacist, { party: INBOX_PARTY, room: INBOX_ROOM });
    expect(
      await InboxRoom.onBeforeConnect(socketRequest(INBOX_ROOM, admin), lobby(INBOX_ROOM)),
    ).toBeInstanceOf(Request);
  });

  it("sends auth_error and closes a socket that reached the room without a valid ticket", async () => {
    const room = await party.conversation(ngozi.id);
    const connection = await room.fake.connect(await ticketFor(emeka, { room: emeka.id }));
    expect(connection.received).toEqual([
      { type: "auth_error", message: "This chat ticket is for another conversation." },
    ]);
    expect(connection.closed?.code).toBe(4401);
    await say(room, connection, message("let me in"));
    expect(room.fake.storage.data.size).toBe(0);
  });

  it("accepts a ticket once: the same ticket again is told auth_error and closed, even after a restart", async () => {
    const room = await party.conversation(ngozi.id);
    const ticket = await ticketFor(ngozi, { room: ngozi.id });
    const first = await room.fake.connect(ticket);
    expect(first.closed).toBeNull();

    const copy = await room.fake.connect(ticket);
    expect(copy.received).toEqual([{ type: "auth_error", message: TICKET_ALREADY_USED }]);
    expect(copy.closed?.code).toBe(4401);
    await say(room, copy, message("copied"));
    expect(first.of("message")).toEqual([]);

    // Closing the first socket does not free its ticket, and neither does the room starting afresh.
    room.fake.disconnect(first);
    party.restart();
    const restarted = await party.conversation(ngozi.id);
    expect((await restarted.fake.connect(ticket)).last("auth_error")?.message).toBe(TICKET_ALREADY_USED);

    // A reconnect with a fresh ticket is served.
    const fresh = await restarted.fake.connect(await ticketFor(ngozi, { room: ngozi.id }));
    expect(fresh.closed).toBeNull();
    await say(restarted, fresh, message("back again"));
    expect(fresh.last("message")?.text).toBe("back again");

    // The inbox keeps the same rule.
    const inbox = await party.inbox();
    const adminTicket = await ticketFor(pharmacist, { party: INBOX_PARTY, room: INBOX_ROOM });
    expect((await inbox.fake.connect(adminTicket)).closed).toBeNull();
    expect((await inbox.fake.connect(adminTicket)).closed?.code).toBe(4401);
  });

  it("serves only one of two sockets that present the same ticket at the same moment", async () => {
    const room = await party.conversation(ngozi.id);
    const ticket = await ticketFor(ngozi, { room: ngozi.id });
    const sockets = await Promise.all([1, 2, 3].map(() => room.fake.connect(ticket)));
    expect(sockets.filter((s) => s.closed === null)).toHaveLength(1);
    expect(sockets.filter((s) => s.closed?.code === 4401)).toHaveLength(2);
  });

  it("remembers a used ticket id only as long as the ticket could be valid", async () => {
    const storage = new FakeStorage();
    const used = new UsedTickets(storage as unknown as Party.Storage);
    const now = 1_700_000_000_000;
    const old = { jti: "a".repeat(22), exp: now + TICKET_TTL_MS };
    expect(await used.claim(old, now)).toBe(true);
    expect(await used.claim(old, now + TICKET_TTL_MS)).toBe(false);
    expect([...storage.data.keys()]).toEqual([`ticket:${old.jti}`]);

    // Once the old ticket would be refused as expired anyway, its id is dropped with the next claim.
    const later = now + TICKET_TTL_MS + 60_000;
    const next = { jti: "b".repeat(22), exp: later + TICKET_TTL_MS };
    expect(await used.claim(next, later)).toBe(true);
    expect([...storage.data.keys()]).toEqual([`ticket:${next.jti}`]);
    // A room that starts afresh reads what is still remembered.
    expect(await new UsedTickets(storage as unknown as Party.Storage).claim(next, later)).toBe(false);
  });

  it("serves history over HTTP only with a service ticket for that room", async () => {
    const { room, connection } = await join(ngozi, ngozi.id);
    await say(room, connection, message("hello"));
    const get = async (authorization?: string) =>
      room.server.onRequest(
        new Request(`http://party.test/parties/main/${ngozi.id}`, {
          headers: authorization ? { Authorization: authorization } : {},
        }) as unknown as Party.Request,
      );
    expect((await get()).status).toBe(401);
    expect((await get(`Bearer ${await ticketFor(ngozi, { room: ngozi.id })}`)).status).toBe(403);
    expect(
      (await get(`Bearer ${await serviceTicket(SECRET, { party: "main", room: emeka.id })}`)).status,
    ).toBe(403);
    const service = `Bearer ${await serviceTicket(SECRET, { party: "main", room: ngozi.id })}`;
    const ok = await get(service);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      conversationId: ngozi.id,
      lastSeq: 1,
      messages: [{ text: "hello" }],
    });

    // Without `after`, the latest messages; with it, those after that sequence number.
    for (const text of ["two", "three"]) await say(room, connection, message(text));
    const texts = async (query: string) => {
      const response = await room.server.onRequest(
        new Request(`http://party.test/parties/main/${ngozi.id}${query}`, {
          headers: { Authorization: service },
        }) as unknown as Party.Request,
      );
      return ((await response.json()) as { messages: { text: string }[] }).messages.map((m) => m.text);
    };
    expect(await texts("?limit=2")).toEqual(["two", "three"]);
    expect(await texts("?after=1")).toEqual(["two", "three"]);
    expect(await texts("?after=0&limit=1")).toEqual(["hello"]);
    expect(await texts("?limit=-4")).toEqual(["three"]);
  });
});

describe("admins' inbox", () => {
  it("tells every admin online about new customer messages, with per-customer counts and a total", async () => {
    const { connection: bola } = await joinInbox(pharmacist);
    const { connection: ada } = await joinInbox({ id: "admin-2", name: "Ada", role: "admin" });
    const first = await join(ngozi, ngozi.id);
    const second = await join(emeka, emeka.id);

    await say(first.room, first.connection, message("one"));
    await say(first.room, first.connection, message("two"));
    await say(second.room, second.connection, message("three", emeka.id));

    for (const admin of [bola, ada]) {
      expect(admin.of("new_user_message")).toHaveLength(3);
      expect(admin.last("new_user_message")).toMatchObject({
        conversationId: emeka.id,
        message: { text: "three", from: emeka.id },
        counts: { [ngozi.id]: 2, [emeka.id]: 1 },
        total: 3,
      });
    }

    // An admin reads Ngozi's conversation: her count clears for every admin.
    const reader = await first.room.fake.connect(await ticketFor(pharmacist, { room: ngozi.id }));
    await say(first.room, reader, { type: "mark_read", conversationId: ngozi.id });
    expect(ada.last("unread_count")).toEqual({ type: "unread_count", counts: { [emeka.id]: 1 }, total: 1 });
    expect(first.connection.last("read")).toMatchObject({ readerRole: "admin", upToSeq: 2 });
    // Reading again changes nothing and writes nothing.
    const writes = first.room.fake.storage.writes.length;
    await say(first.room, reader, { type: "mark_read", conversationId: ngozi.id });
    expect(first.room.fake.storage.writes.length).toBe(writes);
  });

  it("gets the room's updates in order, coalescing those that pile up while one is on its way", async () => {
    party = new FakeParty({}, 20);
    const { connection: admin } = await joinInbox(pharmacist);
    const { room, connection: customer } = await join(ngozi, ngozi.id);
    const reader = await room.fake.connect(await ticketFor(pharmacist, { room: ngozi.id }));
    const sends = ["a", "b", "c", "d"].map((text) => say(room, customer, message(text)));
    await say(room, reader, { type: "mark_read", conversationId: ngozi.id });
    await Promise.all(sends);
    // The read came last, so the inbox ends at zero, whatever the network did.
    expect(admin.received.at(-1)).toEqual({ type: "unread_count", counts: {}, total: 0 });
    expect(party.inboxCalls).toBeLessThan(5);
    expect(admin.of("new_user_message").length).toBeGreaterThanOrEqual(1);
  });

  it("answers get_unread_count and refuses conversation events", async () => {
    const { inbox, connection } = await joinInbox(pharmacist);
    await say(inbox, connection, { type: "get_unread_count" });
    expect(connection.last("unread_count")).toEqual({ type: "unread_count", counts: {}, total: 0 });
    await say(inbox, connection, message("hello?", ngozi.id, ngozi.id));
    expect(connection.last("error_message")).toBeDefined();
  });
});

describe("Throttle", () => {
  it("allows a burst, then the steady rate, warns once a second and gives up on a relentless flood", () => {
    const throttle = new Throttle({ burst: 3, perSecond: 2 }, 0);
    expect([0, 0, 0].map((t) => throttle.take(t))).toEqual(["ok", "ok", "ok"]);
    expect(throttle.take(0)).toBe("warn");
    expect(throttle.take(10)).toBe("drop");
    expect(throttle.take(500)).toBe("ok"); // one token back after half a second
    let verdict = "";
    for (let i = 0; i < 300 && verdict !== "close"; i++) verdict = throttle.take(500);
    expect(verdict).toBe("close");
  });
});

describe("chat retention (the room's alarm)", () => {
  const DAY = 24 * 60 * 60 * 1000;

  it("sets an alarm for when the first message falls due, and prunes exactly the messages past the period", async () => {
    party = new FakeParty({ RETENTION_CHAT_DAYS: "730" });
    const { room, connection } = await join(ngozi, ngozi.id);
    await say(room, connection, message("first"));
    const firstAt = (await room.fake.storage.get<{ createdAt: number }>(messageKey(1)))!.createdAt;
    expect(room.fake.storage.alarm).toBe(firstAt + 730 * DAY);
    await say(room, connection, message("second"));
    // The alarm stays on the oldest message.
    expect(room.fake.storage.alarm).toBe(firstAt + 730 * DAY);

    // Two years on, the first is due: back-date it past the period, keep the second inside it.
    const now = Date.now();
    const first = await room.fake.storage.get<Record<string, unknown>>(messageKey(1));
    const second = await room.fake.storage.get<Record<string, unknown>>(messageKey(2));
    await room.fake.storage.put({
      [messageKey(1)]: { ...first, createdAt: now - 730 * DAY - 1000 },
      [messageKey(2)]: { ...second, createdAt: now - 730 * DAY + 60_000 },
    });
    await (room.server as ChatRoom).onAlarm();
    expect(conversationKeys(room).filter((k) => k.startsWith("msg:"))).toEqual([messageKey(2)]);
    // The next alarm: when the remaining message falls due. The unread count no longer counts the first.
    expect(room.fake.storage.alarm).toBe(now + 60_000);
    expect((await room.fake.storage.get<{ unread: { admin: number } }>("meta"))!.unread.admin).toBe(1);
  });

  it("erases a whole conversation on the Worker's signed DELETE, and refuses an unsigned one", async () => {
    party = new FakeParty({ RETENTION_CHAT_DAYS: "730" });
    const { room, connection } = await join(ngozi, ngozi.id);
    await say(room, connection, message("one"));
    await say(room, connection, message("two"));
    const server = room.server as ChatRoom;
    const ticket = await serviceTicket(SECRET, { party: "main", room: ngozi.id });
    const unsigned = await server.onRequest(
      new Request(`http://party.test/parties/main/${ngozi.id}`, {
        method: "DELETE",
      }) as unknown as Party.Request,
    );
    expect(unsigned.status).toBe(401);
    expect(conversationKeys(room).filter((k) => k.startsWith("msg:"))).toHaveLength(2);
    const res = await server.onRequest(
      new Request(`http://party.test/parties/main/${ngozi.id}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${ticket}` },
      }) as unknown as Party.Request,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ conversationId: ngozi.id, deleted: 2 });
    expect(conversationKeys(room).filter((k) => k.startsWith("msg:"))).toEqual([]);
    expect(room.fake.storage.alarm).toBeNull();
    // The sequence carries on: a later message is number 3.
    await say(room, connection, message("three"));
    expect(conversationKeys(room)).toContain(messageKey(3));
  });

  it("keeps everything when no period is configured", async () => {
    const { room, connection } = await join(ngozi, ngozi.id);
    await say(room, connection, message("kept"));
    expect(room.fake.storage.alarm).toBeNull();
  });
});
