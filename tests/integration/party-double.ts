/**
 * The chat party for the Workers pool, which cannot run `partykit dev`: the Worker's calls to CHAT_HOST are
 * answered by the real room code (party/chat.ts) on the small in-memory room of the unit tests, behind the
 * same service-ticket guard PartyKit runs first. Everything else goes out as usual.
 */
import { env } from "cloudflare:test";
import type * as Party from "partykit/server";
import { vi } from "vitest";
import { CHAT_PARTY } from "~/lib/chat-protocol";
import { signTicket } from "~/lib/chat-ticket";
import ChatRoom from "../../party/chat";
import { FakeParty, say } from "../unit/fake-party";

export function startPartyDouble() {
  const party = new FakeParty({ CHAT_SECRET: env.CHAT_SECRET, RETENTION_CHAT_DAYS: env.RETENTION_CHAT_DAYS });
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const url = new URL(request.url);
    if (url.host !== env.CHAT_HOST) return realFetch(input as RequestInfo, init);
    const [, parties, name, id] = url.pathname.split("/");
    if (parties !== "parties" || name !== CHAT_PARTY) return new Response("Not found", { status: 404 });
    const roomId = decodeURIComponent(id);
    const guarded = await ChatRoom.onBeforeRequest(
      request as unknown as Party.Request,
      {
        env: party.env,
        id: roomId,
      } as unknown as Party.Lobby,
    );
    if (guarded instanceof Response) return guarded;
    const room = await party.conversation(roomId);
    return room.server.onRequest(request as unknown as Party.Request);
  });

  return {
    party,
    stop: () => spy.mockRestore(),
    /** A customer's message in their own conversation, sent the way the widget sends it. */
    async customerSays(user: { id: string; name: string }, text: string) {
      const room = await party.conversation(user.id);
      const ticket = await signTicket(env.CHAT_SECRET!, {
        sub: user.id,
        role: "user",
        name: user.name,
        party: CHAT_PARTY,
        room: user.id,
      });
      const connection = await room.fake.connect(ticket);
      await say(room, connection, { type: "private_message", conversationId: user.id, toUserId: null, text });
      room.fake.disconnect(connection);
    },
    async messagesOf(userId: string) {
      const room = await party.conversation(userId);
      return [...room.fake.storage.data.keys()].filter((k) => k.startsWith("msg:")).length;
    },
  };
}
