/**
 * The real chat party for tests: `partykit dev` on a free port with its own state folder (PartyKit has no
 * Vitest pool of its own), and Node clients for it: partysocket over the `ws` package (Node 20 has no WebSocket),
 * plus a raw `ws` handshake to read the HTTP refusal that onBeforeConnect answers.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { PartySocket } from "partysocket";
import { vi } from "vitest";
import { frame, type ClientEvent, type ServerEvent } from "../../app/lib/chat-protocol";
import { serviceTicket, signTicket, type TicketClaims } from "../../app/lib/chat-ticket";

export const SECRET = "party-integration-test-secret-0123456789";

/** `ws` is CommonJS and ships no types here; only what the tests use is described. */
type RawSocket = {
  on(event: "open", listener: () => void): void;
  on(event: "message", listener: (data: Buffer) => void): void;
  on(event: "close", listener: (code: number, reason: Buffer) => void): void;
  on(event: "unexpected-response", listener: (req: unknown, res: RawResponse) => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  send(data: string): void;
  close(): void;
  terminate(): void;
};
type RawResponse = {
  statusCode: number;
  on(event: "data", listener: (chunk: Buffer) => void): void;
  on(event: "end", listener: () => void): void;
};
const require = createRequire(import.meta.url);
const WS = require("ws") as { new (url: string): RawSocket } & typeof globalThis.WebSocket;

export class PartyProcess {
  private child: ChildProcess | null = null;
  private output = "";
  readonly stateDir = mkdtempSync(path.join(tmpdir(), "medistore-party-"));

  constructor(
    readonly port: number,
    private readonly vars: Record<string, string> = {},
  ) {}

  get host() {
    return `127.0.0.1:${this.port}`;
  }

  async start() {
    const vars = Object.entries({ CHAT_SECRET: SECRET, ...this.vars }).flatMap(([k, v]) => [
      "--var",
      `${k}=${v}`,
    ]);
    const child = spawn(
      process.execPath,
      [
        "node_modules/partykit/dist/bin.mjs",
        "dev",
        "--port",
        String(this.port),
        "--disable-request-cf-fetch",
        "--no-hotkeys",
        "--persist",
        this.stateDir,
        ...vars,
      ],
      {
        env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", FORCE_COLOR: "0" },
        stdio: ["ignore", "pipe", "pipe"],
        // Its own process group, so stopping it also stops the workerd it starts.
        detached: true,
      },
    );
    this.child = child;
    const collect = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-10_000);
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    // Up once /health answers; exiting on the way fails at once rather than after the time-out.
    const exited = new Promise<string>((resolve) =>
      child.once("exit", (code, signal) => resolve(`partykit dev exited (${code ?? signal})`)),
    );
    const up = vi
      .waitFor(
        async () => {
          if (!(await this.answers())) throw new Error(`partykit dev did not start on ${this.host}`);
        },
        { timeout: 60_000, interval: 250 },
      )
      .then(
        () => null,
        (error: Error) => error.message,
      );
    const failure = await Promise.race([up, exited]);
    if (failure) throw new Error(`${failure}:\n${this.output}`);
  }

  /** Whether anything answers /health on the party's port. */
  private async answers() {
    try {
      return (await fetch(`http://${this.host}/health`)).ok;
    } catch {
      return false;
    }
  }

  async stop() {
    const child = this.child;
    this.child = null;
    if (!child?.pid || child.exitCode !== null) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    // Stopped once it has exited and the port is free again (a restart binds the same port).
    await vi.waitFor(
      async () => {
        if (child.exitCode === null && child.signalCode === null)
          throw new Error("partykit dev is still running");
        if (await this.answers()) throw new Error(`something still answers on ${this.host}`);
      },
      { timeout: 15_000, interval: 250 },
    );
  }

  async dispose() {
    await this.stop();
    rmSync(this.stateDir, { recursive: true, force: true });
  }

  /** The history as the Worker reads it (GET with a service ticket). */
  async history(conversationId: string, authorization?: string | null) {
    const headers: Record<string, string> = {};
    if (authorization !== null)
      headers.Authorization =
        authorization ?? `Bearer ${await serviceTicket(SECRET, { party: "main", room: conversationId })}`;
    return fetch(`http://${this.host}/parties/main/${conversationId}`, { headers });
  }
}

export type Person = { id: string; name: string; role: "user" | "admin" };

export function ticket(
  person: Person,
  target: Pick<TicketClaims, "room"> & Partial<Pick<TicketClaims, "party">>,
  options?: { now?: number; secret?: string },
) {
  return signTicket(
    options?.secret ?? SECRET,
    {
      sub: person.id,
      role: person.role,
      name: person.name,
      party: target.party ?? "main",
      room: target.room,
    },
    options,
  );
}

/** Opens a raw socket and reports what the handshake got: "open", or the refusal's status and body. */
export function handshake(
  url: string,
): Promise<{ open: true } | { open: false; status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = new WS(url);
    socket.on("open", () => {
      socket.close();
      resolve({ open: true });
    });
    socket.on("unexpected-response", (_req, res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk.toString()));
      res.on("end", () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // leave as text
        }
        resolve({ open: false, status: res.statusCode, body });
        // Ends the refused handshake; ws reports that as an error, which no longer matters.
        socket.terminate();
      });
    });
    socket.on("error", reject);
  });
}

/**
 * A plain socket with one fixed URL (no reconnecting, no fresh ticket): what someone holding a copied ticket
 * URL has. Records the events it is sent and how it was closed.
 */
export class RawClient {
  readonly events: ServerEvent[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly socket: RawSocket;

  constructor(url: string) {
    this.socket = new WS(url);
    this.opened = new Promise((resolve, reject) => {
      this.socket.on("open", resolve);
      this.socket.on("error", reject);
    });
    this.closed = new Promise((resolve) =>
      this.socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    this.socket.on("message", (data) => this.events.push(JSON.parse(data.toString()) as ServerEvent));
  }

  send(event: ClientEvent) {
    this.socket.send(frame(event));
  }

  /** Waits for an event of this type. */
  next<T extends ServerEvent["type"]>(
    type: T,
    timeoutMs = 10_000,
  ): Promise<Extract<ServerEvent, { type: T }>> {
    return vi.waitFor(
      () => {
        const found = this.events.find((e): e is Extract<ServerEvent, { type: T }> => e.type === type);
        if (!found) throw new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`);
        return found;
      },
      { timeout: timeoutMs, interval: 20 },
    );
  }

  /** Drops the connection (`partykit dev` does not always answer a close frame, which would leave us waiting). */
  close() {
    this.socket.terminate();
  }
}

/** A chat client as the browser has it: partysocket, a fresh ticket for every (re)connection. */
export class ChatClient {
  readonly events: ServerEvent[] = [];
  readonly socket: PartySocket;

  constructor(
    host: string,
    readonly person: Person,
    target: { party?: "main" | "inbox"; room: string },
  ) {
    this.socket = new PartySocket({
      host,
      party: target.party ?? "main",
      room: target.room,
      query: async () => ({ ticket: await ticket(person, target) }),
      WebSocket: WS,
      minReconnectionDelay: 200,
      maxReconnectionDelay: 1000,
      connectionTimeout: 5000,
    });
    this.socket.addEventListener("message", (event: MessageEvent) => {
      this.events.push(JSON.parse(String(event.data)) as ServerEvent);
    });
  }

  opened(): Promise<void> {
    if (this.socket.readyState === this.socket.OPEN) return Promise.resolve();
    return new Promise((resolve) => this.socket.addEventListener("open", () => resolve(), { once: true }));
  }

  send(event: ClientEvent | string) {
    this.socket.send(typeof event === "string" ? event : frame(event));
  }

  /** Waits for an event of this type (matching `test`) that arrived after `since` (an index into events). */
  next<T extends ServerEvent["type"]>(
    type: T,
    test: (event: Extract<ServerEvent, { type: T }>) => boolean = () => true,
    { since = 0, timeoutMs = 10_000 }: { since?: number; timeoutMs?: number } = {},
  ): Promise<Extract<ServerEvent, { type: T }>> {
    return vi.waitFor(
      () => {
        const found = this.events
          .slice(since)
          .find(
            (e): e is Extract<ServerEvent, { type: T }> =>
              e.type === type && test(e as Extract<ServerEvent, { type: T }>),
          );
        if (!found)
          throw new Error(
            `${this.person.name}: no ${type} within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`,
          );
        return found;
      },
      { timeout: timeoutMs, interval: 20 },
    );
  }

  close() {
    this.socket.close();
  }
}
