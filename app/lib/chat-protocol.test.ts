import { describe, expect, it } from "vitest";
import {
  FRAME_TOO_LARGE,
  MALFORMED_FRAME,
  MAX_TEXT_LENGTH,
  parseClientFrame,
  parseServerFrame,
  TEXT_EMPTY,
  TEXT_TOO_LONG,
  unreadTotal,
} from "./chat-protocol";

const send = (event: unknown) => parseClientFrame(JSON.stringify(event));

describe("client frames", () => {
  it("accepts the four client events", () => {
    expect(send({ type: "get_unread_count" })).toEqual({ ok: true, value: { type: "get_unread_count" } });
    expect(send({ type: "mark_read", conversationId: "u-1" }).ok).toBe(true);
    expect(send({ type: "typing", conversationId: "u-1", isTyping: false }).ok).toBe(true);
    expect(send({ type: "private_message", conversationId: "u-1", toUserId: null, text: " hi " })).toEqual({
      ok: true,
      value: { type: "private_message", conversationId: "u-1", toUserId: null, text: "hi" },
    });
  });

  it("says what is wrong with a text, and calls everything else malformed", () => {
    const base = { type: "private_message", conversationId: "u-1", toUserId: null };
    expect(send({ ...base, text: "a".repeat(MAX_TEXT_LENGTH + 1) })).toEqual({
      ok: false,
      message: TEXT_TOO_LONG,
    });
    expect(send({ ...base, text: "   " })).toEqual({ ok: false, message: TEXT_EMPTY });
    expect(send({ ...base, text: 42 })).toEqual({ ok: false, message: MALFORMED_FRAME });
    expect(send({ ...base, conversationId: "../admin", text: "x" })).toEqual({
      ok: false,
      message: MALFORMED_FRAME,
    });
    expect(send({ type: "join", room: "x" })).toEqual({ ok: false, message: MALFORMED_FRAME });
    expect(parseClientFrame("not json")).toEqual({ ok: false, message: MALFORMED_FRAME });
    expect(parseClientFrame(new ArrayBuffer(4))).toEqual({ ok: false, message: MALFORMED_FRAME });
    expect(parseClientFrame(" ".repeat(20_000))).toEqual({ ok: false, message: FRAME_TOO_LARGE });
  });
});

describe("server frames", () => {
  it("reads known events and ignores anything else", () => {
    expect(parseServerFrame(JSON.stringify({ type: "auth_error", message: "no" }))).toEqual({
      type: "auth_error",
      message: "no",
    });
    expect(parseServerFrame(JSON.stringify({ type: "typing", conversationId: "c", userId: "u" }))).toBeNull();
    expect(parseServerFrame("<script>")).toBeNull();
  });

  it("adds up unread counts", () => {
    expect(unreadTotal({ a: 2, b: 3 })).toBe(5);
    expect(unreadTotal({})).toBe(0);
  });
});
