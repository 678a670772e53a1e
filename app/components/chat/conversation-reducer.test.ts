import { describe, expect, it } from "vitest";
import { ACK_TIMEOUT_MESSAGE, type ChatMessage, type ServerEvent } from "~/lib/chat-protocol";
import {
  conversationReducer,
  initialConversationState,
  isOthersTyping,
  lastUnreadSeq,
  mergeMessages,
  settledClientId,
  type ConversationEvent,
  type ConversationState,
} from "./conversation-reducer";

const CUSTOMER = "cust-ngozi";
const OTHER_CUSTOMER = "cust-emeka";
const PHARMACIST = "admin-bola";

function chatMessage(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    _id: `m${seq}`,
    seq,
    conversationId: CUSTOMER,
    from: CUSTOMER,
    fromRole: "user",
    fromName: "Ngozi Okafor",
    to: null,
    text: `message ${seq}`,
    createdAt: 1_000 + seq,
    readAt: null,
    ...overrides,
  };
}

const fromPharmacist = (seq: number, overrides: Partial<ChatMessage> = {}) =>
  chatMessage(seq, {
    from: PHARMACIST,
    fromRole: "admin",
    fromName: "Pharm. Bola",
    to: CUSTOMER,
    ...overrides,
  });

const live = (message: ChatMessage, clientId?: string): ServerEvent => ({
  type: "message",
  ...message,
  ...(clientId ? { clientId } : {}),
});

const received = (event: ServerEvent, selfId: string | null = CUSTOMER): ConversationEvent => ({
  type: "received",
  event,
  selfId,
});

/** The state after these events, starting from the customer's freshly opened conversation. */
function after(events: ConversationEvent[], start = initialConversationState(CUSTOMER)): ConversationState {
  return events.reduce(conversationReducer, start);
}

describe("opening a conversation", () => {
  it("starts empty, with the history not yet asked for", () => {
    expect(initialConversationState(CUSTOMER)).toEqual({
      conversationId: CUSTOMER,
      messages: [],
      pending: [],
      history: "idle",
      typingUserId: null,
      unread: 0,
      notice: null,
    });
  });

  it("picking another conversation (or none) forgets everything about the previous one", () => {
    const busy = after([
      { type: "history_loaded", conversationId: CUSTOMER, messages: [chatMessage(1)] },
      { type: "sent", clientId: "c-1", text: "hello" },
      received({ type: "typing", conversationId: CUSTOMER, userId: PHARMACIST, isTyping: true }),
      received({ type: "unread_count", counts: { [CUSTOMER]: 2 }, total: 2 }),
      received({ type: "error_message", message: "Something went wrong." }),
    ]);
    expect(busy).toMatchObject({ history: "loaded", typingUserId: PHARMACIST, unread: 2 });

    expect(conversationReducer(busy, { type: "opened", conversationId: OTHER_CUSTOMER })).toEqual(
      initialConversationState(OTHER_CUSTOMER),
    );
    expect(conversationReducer(busy, { type: "opened", conversationId: null })).toEqual(
      initialConversationState(null),
    );
  });
});

describe("history", () => {
  it("is loading once asked for; a refetch of a loaded history keeps it shown", () => {
    const loading = after([{ type: "history_requested" }]);
    expect(loading.history).toBe("loading");
    expect(conversationReducer(loading, { type: "history_requested" }).history).toBe("loading");

    const loaded = after([{ type: "history_loaded", conversationId: CUSTOMER, messages: [] }]);
    expect(loaded.history).toBe("loaded");
    expect(conversationReducer(loaded, { type: "history_requested" })).toBe(loaded);
  });

  it("loaded: the conversation's messages in sequence order, others dropped", () => {
    const state = after([
      { type: "history_requested" },
      {
        type: "history_loaded",
        conversationId: CUSTOMER,
        messages: [chatMessage(2), chatMessage(1), chatMessage(3, { conversationId: OTHER_CUSTOMER })],
      },
    ]);
    expect(state.history).toBe("loaded");
    expect(state.messages.map((m) => m._id)).toEqual(["m1", "m2"]);
  });

  it("merges with live messages that arrived first, each message once", () => {
    const state = after([
      { type: "history_requested" },
      received(live(chatMessage(3))),
      {
        type: "history_loaded",
        conversationId: CUSTOMER,
        messages: [chatMessage(1), chatMessage(2), chatMessage(3)],
      },
    ]);
    expect(state.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it("a refetch after a reconnect brings what was missed and newer read times", () => {
    const first = after([{ type: "history_loaded", conversationId: CUSTOMER, messages: [chatMessage(1)] }]);
    const refetched = conversationReducer(first, {
      type: "history_loaded",
      conversationId: CUSTOMER,
      messages: [chatMessage(1, { readAt: 5_000 }), fromPharmacist(2)],
    });
    expect(refetched.messages).toEqual([chatMessage(1, { readAt: 5_000 }), fromPharmacist(2)]);
  });

  it("an older copy never undoes a read receipt already applied", () => {
    const read = after([
      received(live(chatMessage(1))),
      received({
        type: "read",
        conversationId: CUSTOMER,
        readerId: PHARMACIST,
        readerRole: "admin",
        upToSeq: 1,
        readAt: 7_000,
      }),
      { type: "history_loaded", conversationId: CUSTOMER, messages: [chatMessage(1, { text: "edited" })] },
    ]);
    expect(read.messages).toEqual([chatMessage(1, { text: "edited", readAt: 7_000 })]);
  });

  it("a history that arrives after the admin picked another customer changes nothing", () => {
    const state = after([{ type: "history_requested" }, { type: "opened", conversationId: OTHER_CUSTOMER }]);
    expect(
      conversationReducer(state, {
        type: "history_loaded",
        conversationId: CUSTOMER,
        messages: [chatMessage(1)],
      }),
    ).toBe(state);
    expect(conversationReducer(state, { type: "history_failed", conversationId: CUSTOMER })).toBe(state);
  });

  it("a failed fetch leaves the list as it is and stops loading", () => {
    const state = after([
      received(live(chatMessage(1))),
      { type: "history_requested" },
      { type: "history_failed", conversationId: CUSTOMER },
    ]);
    expect(state.history).toBe("loaded");
    expect(state.messages).toEqual([chatMessage(1)]);
  });
});

describe("live messages", () => {
  it("adds a message of this conversation in sequence order", () => {
    const state = after([received(live(fromPharmacist(2))), received(live(chatMessage(1)))]);
    expect(state.messages).toEqual([chatMessage(1), fromPharmacist(2)]);
  });

  it("ignores a message of another conversation", () => {
    const state = after([received(live(chatMessage(1)))]);
    expect(
      conversationReducer(state, received(live(chatMessage(2, { conversationId: OTHER_CUSTOMER })))),
    ).toBe(state);
  });

  it("the echo of our own message settles it: the pending bubble goes, the message shows once", () => {
    const state = after([
      { type: "sent", clientId: "c-1", text: "Is this safe?" },
      { type: "sent", clientId: "c-2", text: "And with food?" },
      received(live(chatMessage(1, { text: "Is this safe?" }), "c-1")),
      // The same message again (another tab's copy, or history) stays one message.
      received(live(chatMessage(1, { text: "Is this safe?" }))),
    ]);
    expect(state.pending).toEqual([{ clientId: "c-2", text: "And with food?" }]);
    expect(state.messages).toEqual([chatMessage(1, { text: "Is this safe?" })]);
  });

  it("a message without our client id leaves pending messages alone", () => {
    const state = after([
      { type: "sent", clientId: "c-1", text: "hello" },
      received(live(fromPharmacist(1))),
    ]);
    expect(state.pending).toEqual([{ clientId: "c-1", text: "hello" }]);
  });

  it("the echo keeps no client id on the stored message", () => {
    const state = after([received(live(chatMessage(1), "c-1"))]);
    expect(state.messages[0]).not.toHaveProperty("clientId");
    expect(state.messages[0]).not.toHaveProperty("type");
  });
});

describe("typing", () => {
  const typing = (isTyping: boolean, userId = PHARMACIST, conversationId = CUSTOMER): ServerEvent => ({
    type: "typing",
    conversationId,
    userId,
    isTyping,
  });

  it("shows who else is typing, and stops showing it when they stop", () => {
    const on = after([received(typing(true))]);
    expect(on.typingUserId).toBe(PHARMACIST);
    expect(conversationReducer(on, received(typing(false))).typingUserId).toBeNull();
  });

  it("another typist replaces the one shown; the first one stopping clears it", () => {
    const state = after([received(typing(true)), received(typing(true, "admin-ada"))]);
    expect(state.typingUserId).toBe("admin-ada");
    expect(conversationReducer(state, received(typing(false))).typingUserId).toBeNull();
  });

  it("ignores the signed-in user's own typing (another tab) and other conversations", () => {
    const state = after([received(typing(true))]);
    expect(conversationReducer(state, received(typing(false, CUSTOMER), CUSTOMER))).toBe(state);
    expect(conversationReducer(state, received(typing(false, PHARMACIST, OTHER_CUSTOMER)))).toBe(state);
  });

  it("their message arriving means they stopped typing; someone else's does not", () => {
    const state = after([received(typing(true))]);
    expect(conversationReducer(state, received(live(chatMessage(1)))).typingUserId).toBe(PHARMACIST);
    expect(conversationReducer(state, received(live(fromPharmacist(1)))).typingUserId).toBeNull();
  });

  it("expires when the stop hint never comes", () => {
    const state = after([received(typing(true)), { type: "typing_expired" }]);
    expect(state.typingUserId).toBeNull();
    expect(conversationReducer(state, { type: "typing_expired" })).toBe(state);
  });
});

describe("read receipts", () => {
  const read = (readerRole: "user" | "admin", upToSeq: number, conversationId = CUSTOMER): ServerEvent => ({
    type: "read",
    conversationId,
    readerId: readerRole === "admin" ? PHARMACIST : CUSTOMER,
    readerRole,
    upToSeq,
    readAt: 9_000,
  });
  const history = [chatMessage(1), fromPharmacist(2), chatMessage(3), chatMessage(4)];
  const loaded = () => after([{ type: "history_loaded", conversationId: CUSTOMER, messages: history }]);

  it("marks the other side's messages up to the sequence number read, and only those", () => {
    const state = conversationReducer(loaded(), received(read("admin", 3)));
    expect(state.messages.map((m) => [m.seq, m.readAt])).toEqual([
      [1, 9_000],
      [2, null],
      [3, 9_000],
      [4, null],
    ]);
  });

  it("keeps the first read time", () => {
    const once = conversationReducer(loaded(), received(read("admin", 1)));
    const twice = conversationReducer(once, received({ ...read("admin", 3), readAt: 12_000 } as ServerEvent));
    expect(twice.messages.map((m) => m.readAt)).toEqual([9_000, null, 12_000, null]);
  });

  it("the customer reading marks the pharmacist's messages", () => {
    const state = conversationReducer(loaded(), received(read("user", 4)));
    expect(state.messages.map((m) => m.readAt)).toEqual([null, 9_000, null, null]);
  });

  it("ignores receipts of another conversation", () => {
    const state = loaded();
    expect(conversationReducer(state, received(read("admin", 4, OTHER_CUSTOMER)))).toBe(state);
  });
});

describe("unread count", () => {
  it("takes this conversation's count, 0 when it is not listed", () => {
    const state = after([
      received({ type: "unread_count", counts: { [CUSTOMER]: 3, [OTHER_CUSTOMER]: 1 }, total: 4 }),
    ]);
    expect(state.unread).toBe(3);
    expect(
      conversationReducer(
        state,
        received({ type: "unread_count", counts: { [OTHER_CUSTOMER]: 1 }, total: 1 }),
      ).unread,
    ).toBe(0);
  });

  it("means nothing while no conversation is open", () => {
    const none = initialConversationState(null);
    expect(
      conversationReducer(none, received({ type: "unread_count", counts: { [CUSTOMER]: 3 }, total: 3 })),
    ).toBe(none);
  });
});

describe("sending", () => {
  it("a sent message waits as pending, and sending clears an earlier notice", () => {
    const state = after([
      received({ type: "error_message", message: "You are sending messages too fast." }),
      { type: "sent", clientId: "c-1", text: "hello" },
    ]);
    expect(state.pending).toEqual([{ clientId: "c-1", text: "hello" }]);
    expect(state.notice).toBeNull();
  });

  it("no echo in time: the message is marked failed with the time-out text", () => {
    const state = after([
      { type: "sent", clientId: "c-1", text: "one" },
      { type: "sent", clientId: "c-2", text: "two" },
      { type: "ack_timed_out", clientId: "c-1" },
    ]);
    expect(state.pending).toEqual([
      { clientId: "c-1", text: "one", failed: ACK_TIMEOUT_MESSAGE },
      { clientId: "c-2", text: "two" },
    ]);
  });

  it("a refusal naming our message marks it failed with the room's reason", () => {
    const state = after([
      { type: "sent", clientId: "c-1", text: "one" },
      received({
        type: "error_message",
        message: "Messages can be at most 2,000 characters.",
        clientId: "c-1",
      }),
    ]);
    expect(state.pending).toEqual([
      { clientId: "c-1", text: "one", failed: "Messages can be at most 2,000 characters." },
    ]);
    expect(state.notice).toBeNull();
  });

  it("a refusal naming no message becomes the notice", () => {
    const state = after([
      { type: "sent", clientId: "c-1", text: "one" },
      received({ type: "error_message", message: "That message could not be understood." }),
    ]);
    expect(state.notice).toBe("That message could not be understood.");
    expect(state.pending).toEqual([{ clientId: "c-1", text: "one" }]);
  });

  it("a failed message can be dismissed", () => {
    const state = after([
      { type: "sent", clientId: "c-1", text: "one" },
      { type: "sent", clientId: "c-2", text: "two" },
      { type: "ack_timed_out", clientId: "c-1" },
      { type: "dismissed", clientId: "c-1" },
    ]);
    expect(state.pending).toEqual([{ clientId: "c-2", text: "two" }]);
  });
});

describe("other frames", () => {
  it("leaves the conversation alone for the inbox's new_user_message and the socket's auth_error", () => {
    const state = after([received(live(chatMessage(1)))]);
    expect(
      conversationReducer(
        state,
        received({
          type: "new_user_message",
          conversationId: CUSTOMER,
          message: chatMessage(2),
          counts: { [CUSTOMER]: 1 },
          total: 1,
        }),
      ),
    ).toBe(state);
    expect(
      conversationReducer(state, received({ type: "auth_error", message: "The chat ticket has expired." })),
    ).toBe(state);
  });
});

describe("helpers the hook uses", () => {
  it("isOthersTyping: this conversation, not oneself", () => {
    const event: ServerEvent = {
      type: "typing",
      conversationId: CUSTOMER,
      userId: PHARMACIST,
      isTyping: true,
    };
    expect(isOthersTyping(event, CUSTOMER, CUSTOMER)).toBe(true);
    expect(isOthersTyping(event, CUSTOMER, null)).toBe(true);
    expect(isOthersTyping(event, CUSTOMER, PHARMACIST)).toBe(false);
    expect(isOthersTyping(event, OTHER_CUSTOMER, CUSTOMER)).toBe(false);
    expect(isOthersTyping(live(chatMessage(1)), CUSTOMER, null)).toBe(false);
  });

  it("settledClientId: our echo in this conversation, or a refusal naming our message", () => {
    expect(settledClientId(live(chatMessage(1), "c-1"), CUSTOMER)).toBe("c-1");
    expect(settledClientId(live(chatMessage(1), "c-1"), OTHER_CUSTOMER)).toBeNull();
    expect(settledClientId(live(chatMessage(1)), CUSTOMER)).toBeNull();
    expect(settledClientId({ type: "error_message", message: "no", clientId: "c-2" }, null)).toBe("c-2");
    expect(settledClientId({ type: "error_message", message: "no" }, CUSTOMER)).toBeNull();
    expect(settledClientId({ type: "unread_count", counts: {}, total: 0 }, CUSTOMER)).toBeNull();
  });

  it("lastUnreadSeq: the other side's highest unread message", () => {
    const messages = [chatMessage(1), fromPharmacist(2), fromPharmacist(3, { readAt: 1 }), chatMessage(4)];
    expect(lastUnreadSeq(messages, "admin")).toBe(4);
    expect(lastUnreadSeq(messages, "user")).toBe(2);
    expect(lastUnreadSeq([], "user")).toBe(0);
    expect(lastUnreadSeq([chatMessage(1, { readAt: 1 })], "admin")).toBe(0);
  });

  it("mergeMessages: by id, newest copy wins, ordered by sequence number", () => {
    const merged = mergeMessages(
      [chatMessage(2), chatMessage(1)],
      [chatMessage(2, { text: "newer" }), chatMessage(0)],
    );
    expect(merged.map((m) => [m.seq, m.text])).toEqual([
      [0, "message 0"],
      [1, "message 1"],
      [2, "newer"],
    ]);
  });
});
