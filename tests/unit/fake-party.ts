/**
 * A small in-memory stand-in for a PartyKit room (PartyKit has no Vitest pool of its own), enough to drive
 * party/chat.ts and party/inbox.ts in Node: ordered key-value storage with the Durable Object semantics the
 * rooms rely on (put of one key or many, list by prefix/start/reverse/limit, values copied), connections
 * that record what they are sent, and the conversation rooms' HTTP calls routed to a real inbox room.
 */
import type * as Party from "partykit/server";
import ChatRoom from "../../party/chat";
import InboxRoom from "../../party/inbox";
import type { ServerEvent } from "../../app/lib/chat-protocol";
import { signTicket } from "../../app/lib/chat-ticket";
import { INBOX_PARTY, INBOX_ROOM, CHAT_PARTY } from "../../app/lib/chat-protocol";

export const SECRET = "unit-test-chat-secret-0123456789abcdef";

type ListOptions = { prefix?: string; start?: string; reverse?: boolean; limit?: number };

export class FakeStorage {
  readonly data = new Map<string, unknown>();
  /** Every key written, in order: lets tests prove a message writes a couple of keys, not the history. */
  readonly writes: string[] = [];

  async get<T>(key: string): Promise<T | undefined> {
    return structuredClone(this.data.get(key)) as T | undefined;
  }

  async put(keyOrEntries: string | Record<string, unknown>, value?: unknown): Promise<void> {
    const entries = typeof keyOrEntries === "string" ? { [keyOrEntries]: value } : keyOrEntries;
    if (Object.keys(entries).length > 128) throw new Error("put() takes at most 128 keys");
    for (const [key, v] of Object.entries(entries)) {
      this.data.set(key, structuredClone(v));
      this.writes.push(key);
    }
  }

  async delete(key: string): Promise<boolean>;
  async delete(keys: string[]): Promise<number>;
  async delete(keyOrKeys: string | string[]): Promise<boolean | number> {
    if (typeof keyOrKeys === "string") {
      this.writes.push(keyOrKeys);
      return this.data.delete(keyOrKeys);
    }
    if (keyOrKeys.length > 128) throw new Error("delete() takes at most 128 keys");
    this.writes.push(...keyOrKeys);
    return keyOrKeys.filter((key) => this.data.delete(key)).length;
  }

  /** The Durable Object alarm: one time at most, which a test fires by calling the server's onAlarm. */
  alarm: number | null = null;

  async getAlarm(): Promise<number | null> {
    return this.alarm;
  }

  async setAlarm(at: number | Date): Promise<void> {
    this.alarm = typeof at === "number" ? at : at.getTime();
  }

  async deleteAlarm(): Promise<void> {
    this.alarm = null;
  }

  async list<T>({ prefix = "", start, reverse = false, limit = Infinity }: ListOptions = {}): Promise<
    Map<string, T>
  > {
    let keys = [...this.data.keys()]
      .filter((k) => k.startsWith(prefix) && (start === undefined || k >= start))
      .sort();
    if (reverse) keys = keys.reverse();
    return new Map(keys.slice(0, limit).map((k) => [k, structuredClone(this.data.get(k)) as T]));
  }
}

export class FakeConnection {
  state: unknown = null;
  readonly received: ServerEvent[] = [];
  closed: { code?: number; reason?: string } | null = null;

  constructor(readonly id: string) {}

  setState(state: unknown) {
    this.state = state;
    return state;
  }

  send(raw: string) {
    this.received.push(JSON.parse(raw) as ServerEvent);
  }

  close(code?: number, reason?: string) {
    this.closed = { code, reason };
  }

  of<T extends ServerEvent["type"]>(type: T): Extract<ServerEvent, { type: T }>[] {
    return this.received.filter((e): e is Extract<ServerEvent, { type: T }> => e.type === type);
  }

  last<T extends ServerEvent["type"]>(type: T): Extract<ServerEvent, { type: T }> | undefined {
    return this.of(type).at(-1);
  }
}

type Server = {
  onConnect?: Party.Server["onConnect"];
  onClose?: Party.Server["onClose"];
  onStart?: () => unknown;
};

export class FakeRoom {
  readonly connections = new Map<string, FakeConnection>();
  private nextConnection = 1;
  server!: Server & Record<string, unknown>;

  constructor(
    readonly id: string,
    readonly name: string,
    readonly storage: FakeStorage,
    readonly env: Record<string, unknown>,
    readonly parties: Record<string, { get(id: string): { fetch(init: RequestInit): Promise<Response> } }>,
  ) {}

  asRoom(): Party.Room {
    return {
      id: this.id,
      internalID: this.id,
      name: this.name,
      env: this.env,
      storage: this.storage,
      context: { parties: this.parties },
      getConnections: () => this.connections.values(),
      getConnection: (id: string) => this.connections.get(id),
      broadcast: (msg: string) => this.connections.forEach((c) => c.send(msg)),
    } as unknown as Party.Room;
  }

  /** Opens a socket with a ticket, as the browser would after onBeforeConnect let it through. */
  async connect(ticket: string): Promise<FakeConnection> {
    const connection = new FakeConnection(`c${this.nextConnection++}`);
    this.connections.set(connection.id, connection);
    const request = new Request(
      `http://party.test/parties/${this.name}/${this.id}?ticket=${encodeURIComponent(ticket)}`,
    );
    await this.server.onConnect?.(
      connection as unknown as Party.Connection,
      {
        request,
      } as unknown as Party.ConnectionContext,
    );
    if (connection.closed) this.connections.delete(connection.id);
    return connection;
  }

  disconnect(connection: FakeConnection) {
    this.connections.delete(connection.id);
    void this.server.onClose?.(connection as unknown as Party.Connection);
  }
}

export type Person = { id: string; name: string; role: "user" | "admin" };

export function ticketFor(
  person: Person,
  target: { party?: string; room: string },
  options?: { now?: number },
) {
  return signTicket(
    SECRET,
    {
      sub: person.id,
      role: person.role,
      name: person.name,
      party: (target.party ?? CHAT_PARTY) as typeof CHAT_PARTY,
      room: target.room,
    },
    options,
  );
}

/** A little world: one inbox and conversation rooms on demand, sharing their storages across "restarts". */
export class FakeParty {
  readonly env: Record<string, unknown> = { CHAT_SECRET: SECRET };
  private readonly storages = new Map<string, FakeStorage>();
  private readonly rooms = new Map<string, { fake: FakeRoom; server: ChatRoom | InboxRoom }>();

  /** Calls the conversation rooms made to the inbox. */
  inboxCalls = 0;

  constructor(
    env: Record<string, unknown> = {},
    /** A slow network between rooms, to show updates stay in order. */
    private readonly inboxDelayMs = 0,
  ) {
    Object.assign(this.env, env);
  }

  private storage(key: string) {
    let storage = this.storages.get(key);
    if (!storage) this.storages.set(key, (storage = new FakeStorage()));
    return storage;
  }

  private readonly parties = {
    [INBOX_PARTY]: {
      get: (id: string) => ({
        fetch: async (init: RequestInit) => {
          this.inboxCalls += 1;
          if (this.inboxDelayMs) await new Promise((r) => setTimeout(r, this.inboxDelayMs));
          const { server } = await this.room(INBOX_PARTY, id);
          return (server as InboxRoom).onRequest(
            new Request(`http://party.test/parties/${INBOX_PARTY}/${id}`, init) as unknown as Party.Request,
          );
        },
      }),
    },
  };

  async room(party: string, id: string): Promise<{ fake: FakeRoom; server: ChatRoom | InboxRoom }> {
    const key = `${party}/${id}`;
    let entry = this.rooms.get(key);
    if (!entry) {
      const fake = new FakeRoom(id, party, this.storage(key), this.env, this.parties);
      const server = party === INBOX_PARTY ? new InboxRoom(fake.asRoom()) : new ChatRoom(fake.asRoom());
      fake.server = server as unknown as FakeRoom["server"];
      await server.onStart();
      entry = { fake, server };
      this.rooms.set(key, entry);
    }
    return entry;
  }

  async conversation(id: string) {
    const { fake, server } = await this.room(CHAT_PARTY, id);
    return { fake, server: server as ChatRoom };
  }

  async inbox() {
    const { fake, server } = await this.room(INBOX_PARTY, INBOX_ROOM);
    return { fake, server: server as InboxRoom };
  }

  /** Drops every room from memory; storage stays, as it does when `partykit dev` restarts. */
  restart() {
    this.rooms.clear();
  }
}

/** Sends a frame from a connection to its room's server. */
export async function say(
  room: { fake: FakeRoom; server: ChatRoom | InboxRoom },
  from: FakeConnection,
  frame: unknown,
) {
  await room.server.onMessage(
    typeof frame === "string" ? frame : JSON.stringify(frame),
    from as unknown as Party.Connection,
  );
}
