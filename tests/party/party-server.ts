/**
 * The real chat party for tests: `partykit dev` on a free port with its own state folder (GUIDE.md: no test
 * pool for PartyKit), and Node clients for it: partysocket over the `ws` package (Node 20 has no WebSocket),
 * plus a raw `ws` handshake to read the HTTP refusal that onBeforeConnect answers.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PartySocket } from "partysocket";
import { frame, type ClientEvent, type ServerEvent } from "../../app/lib/chat-protocol";
import { serviceTicket, signTicket, type TicketClaims } from "../../app/lib/chat-ticket";

export const SECRET = "party-integration-test-secret-0123456789";

/** `ws` is CommonJS and ships no types here; only what the tests use is described. */
type RawSocket = {
  on(event: "open", listener: () => void): void;
  on(event: "unexpected-response", listener: (req: unknown, res: RawResponse) => void): void;
  on(event: "error", listener: (error: Error) => void): void;
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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

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
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`partykit dev exited (${child.exitCode}):\n${this.output}`);
      try {
        if ((await fetch(`http://${this.host}/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`partykit dev did not start on ${this.host}:\n${this.output}`);
  }

  async stop() {
    const child = this.child;
    this.child = null;
    if (!child?.pid || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    // The port must be free again before a restart binds it.
    for (let i = 0; i < 40; i++) {
      try {
        await fetch(`http://${this.host}/health`);
        await new Promise((r) => setTimeout(r, 250));
      } catch {
        return;
      }
    }
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

/** A chat client as the browser has it: partysocket, a fresh ticket for every (re)connection. */
export class ChatClient {
  readonly events: ServerEvent[] = [];
  readonly socket: PartySocket;
  private waiters: (() => void)[] = [];

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
      this.waiters.splice(0).forEach((wake) => wake());
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
  async next<T extends ServerEvent["type"]>(
    type: T,
    test: (event: Extract<ServerEvent, { type: T }>) => boolean = () => true,
    { since = 0, timeoutMs = 10_000 }: { since?: number; timeoutMs?: number } = {},
  ): Promise<Extract<ServerEvent, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events
        .slice(since)
        .find(
          (e): e is Extract<ServerEvent, { type: T }> =>
            e.type === type && test(e as Extract<ServerEvent, { type: T }>),
        );
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `${this.person.name}: no ${type} within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Events that arrived in the next `ms` milliseconds (to prove something did NOT happen). */
  async quietFor(ms: number, since = this.events.length) {
    await new Promise((r) => setTimeout(r, ms));
    return this.events.slice(since);
  }

  close() {
    this.socket.close();
  }
}
