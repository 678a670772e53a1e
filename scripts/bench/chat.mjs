/**
 * Chat figures for `npm run bench` (issue 5 "Benchmark"): starts `partykit dev` on a free loopback port
 * with its own state folder, opens 200 sockets across 100 conversations (a customer and a pharmacist in
 * each), and measures
 *   - send-to-deliver latency (p50/p99): each side writes at a human-plus pace (2 messages/s, under the
 *     flood throttle); the time runs from send() on one socket to the `message` frame on the other;
 *   - messages per second per room: every customer sends as fast as its room delivers (a window of frames
 *     in flight), all 100 rooms at once, then one room alone. The party runs with the per-connection flood
 *     throttle raised for this, so the figure is the room's capacity, not the throttle's;
 *   - the party's memory: resident set size of the `partykit dev` process tree (the CLI and its workerd),
 *     idle after start and at the peak under load.
 * Target (issue 5): p99 at most 50 ms locally.
 *
 *   import { benchChat } from "./chat.mjs";
 *   const figures = await benchChat();        // see the return shape at the end of benchChat
 *   node scripts/bench/chat.mjs               // prints the figures as JSON
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { clearInterval, setInterval } from "node:timers";
import { tsImport } from "tsx/esm/api";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);
// Node 20 has no WebSocket; `ws` is what partysocket uses in Node too.
const WebSocket = require("ws");

const SECRET = "bench-chat-secret-0123456789abcdefghij";
const TARGET_P99_MS = 50;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory (MB) of a process and all its descendants, from /proc (Linux); null elsewhere. */
function treeRssMb(rootPid) {
  try {
    const children = new Map();
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        if (!children.has(ppid)) children.set(ppid, []);
        children.get(ppid).push(Number(entry));
      } catch {
        // the process ended meanwhile
      }
    }
    let kb = 0;
    const queue = [rootPid];
    while (queue.length > 0) {
      const pid = queue.pop();
      try {
        const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
        if (match) kb += Number(match[1]);
      } catch {
        // gone
      }
      queue.push(...(children.get(pid) ?? []));
    }
    return Math.round(kb / 102.4) / 10;
  } catch {
    return null;
  }
}

async function startParty(port, stateDir) {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, "node_modules/partykit/dist/bin.mjs"),
      "dev",
      "--port",
      String(port),
      "--disable-request-cf-fetch",
      "--no-hotkeys",
      "--persist",
      stateDir,
      "--var",
      `CHAT_SECRET=${SECRET}`,
      "--var",
      "CHAT_FLOOD_BURST=1000000",
      "--var",
      "CHAT_FLOOD_PER_SECOND=1000000",
    ],
    {
      cwd: ROOT,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let output = "";
  const collect = (chunk) => (output = (output + chunk.toString()).slice(-5000));
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`partykit dev exited:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      // not yet
    }
    await sleep(250);
  }
  stopParty(child);
  throw new Error(`partykit dev did not start:\n${output}`);
}

function stopParty(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] * 100) / 100;
}

/** A socket that resolves when open and hands every server frame to `onFrame`. */
function openSocket(url, onFrame) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on("open", () => resolve(socket));
    socket.on("error", reject);
    socket.on("message", (data) => onFrame(JSON.parse(String(data))));
  });
}

/**
 * @param {{ port?: number, rooms?: number, latencySeconds?: number, ratePerSocket?: number, burstMessages?: number }} [options]
 *   port: where to run the party (default: any free port)
 */
export async function benchChat({
  port: fixedPort,
  rooms = 100,
  latencySeconds = 10,
  ratePerSocket = 2,
  burstMessages = 300,
} = {}) {
  const { signTicket } = await tsImport(
    pathToFileURL(path.join(ROOT, "app/lib/chat-ticket.ts")).href,
    import.meta.url,
  );
  const port = fixedPort ?? (await freePort());
  const stateDir = mkdtempSync(path.join(tmpdir(), "medistore-bench-chat-"));
  const party = await startParty(port, stateDir);
  const sockets = [];
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, treeRssMb(party.pid) ?? 0);
  }, 250);

  try {
    await sleep(500);
    const idleRss = treeRssMb(party.pid);

    // Every frame a socket sees goes to its room's listeners; `sentAt` keys are "<room>/<text>".
    const sentAt = new Map();
    const latencies = [];
    const delivered = new Map(); // room index → messages delivered to the pharmacist in the burst phase
    let burstListener = null;
    const pairs = [];
    for (let r = 0; r < rooms; r++) {
      const room = `bench-${r}-${Date.now()}`;
      const url = async (person) => {
        const ticket = await signTicket(SECRET, { ...person, party: "main", room });
        return `ws://127.0.0.1:${port}/parties/main/${room}?ticket=${encodeURIComponent(ticket)}`;
      };
      const onFrame = (receiver) => (event) => {
        if (event.type !== "message" || event.from === receiver) return;
        const key = `${room}/${event.text}`;
        const started = sentAt.get(key);
        if (started !== undefined) {
          latencies.push(performance.now() - started);
          sentAt.delete(key);
        }
        if (burstListener) burstListener(r, event);
      };
      const customer = await openSocket(
        await url({ sub: room, role: "user", name: `Customer ${r}` }),
        onFrame(room),
      );
      const pharmacist = await openSocket(
        await url({ sub: `pharmacist-${r}`, role: "admin", name: "Pharmacist" }),
        onFrame(`pharmacist-${r}`),
      );
      sockets.push(customer, pharmacist);
      pairs.push({ room, customer, pharmacist });
    }

    // Phase 1: latency at a steady pace, both sides of every conversation writing.
    let sequence = 0;
    const send = (pair, fromCustomer) => {
      const text = `m${sequence++}`;
      sentAt.set(`${pair.room}/${text}`, performance.now());
      const socket = fromCustomer ? pair.customer : pair.pharmacist;
      socket.send(
        JSON.stringify({
          type: "private_message",
          conversationId: pair.room,
          toUserId: fromCustomer ? null : pair.room,
          text,
        }),
      );
    };
    const intervalMs = 1000 / ratePerSocket;
    const ticks = Math.round(latencySeconds * ratePerSocket);
    for (let tick = 0; tick < ticks; tick++) {
      const started = performance.now();
      // Spread the sockets over the interval rather than firing them all on one beat.
      for (let i = 0; i < pairs.length; i++) {
        send(pairs[i], true);
        send(pairs[i], false);
        if (i % 10 === 9) await sleep(intervalMs / (pairs.length / 10));
      }
      await sleep(Math.max(0, intervalMs - (performance.now() - started)));
    }
    // Stragglers get a few seconds; what is still missing then counts as lost.
    for (let waited = 0; sentAt.size > 0 && waited < 5000; waited += 100) await sleep(100);
    const sent = sequence;
    const lost = sentAt.size;
    sentAt.clear();
    const measured = [...latencies].sort((a, b) => a - b);

    // Phase 2: capacity. Every customer keeps `window` messages in flight until `burstMessages` arrive.
    const burst = async (selected) => {
      const window = 20;
      const targets = new Map(selected.map((index) => [index, { sent: 0, got: 0 }]));
      let finish;
      const done = new Promise((resolve) => (finish = resolve));
      let remaining = selected.length;
      const pump = (index) => {
        const state = targets.get(index);
        const pair = pairs[index];
        while (state.sent < burstMessages && state.sent - state.got < window) {
          state.sent += 1;
          pair.customer.send(
            JSON.stringify({
              type: "private_message",
              conversationId: pair.room,
              toUserId: null,
              text: `b${state.sent}`,
            }),
          );
        }
      };
      burstListener = (index, event) => {
        const state = targets.get(index);
        if (!state || !event.text.startsWith("b") || event.fromRole !== "user") return;
        state.got += 1;
        if (state.got === burstMessages) {
          remaining -= 1;
          if (remaining === 0) finish();
        } else pump(index);
      };
      const started = performance.now();
      selected.forEach(pump);
      // A room that never finishes must not hang the bench (nor keep Node alive afterwards).
      let timer;
      await Promise.race([done, new Promise((resolve) => (timer = setTimeout(resolve, 120_000)))]);
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      burstListener = null;
      const total = [...targets.values()].reduce((sum, s) => sum + s.got, 0);
      for (const [index, state] of targets) delivered.set(index, state.got);
      return Math.round(total / seconds / selected.length);
    };
    const underLoad = await burst(pairs.map((_, i) => i));
    const singleRoom = await burst([0]);

    const p50 = percentile(measured, 50);
    const p99 = percentile(measured, 99);
    return {
      sockets: sockets.length,
      rooms,
      latencyMessages: sent,
      lostMessages: lost,
      latencyMs: { p50, p99, max: percentile(measured, 100) },
      targetP99Ms: TARGET_P99_MS,
      meetsTarget: p99 !== null && p99 <= TARGET_P99_MS && lost === 0,
      messagesPerSecondPerRoom: { allRoomsAtOnce: underLoad, oneRoomAlone: singleRoom },
      partyRssMb: { idle: idleRss, peak: peakRss || null },
    };
  } finally {
    clearInterval(sampler);
    for (const socket of sockets) socket.terminate();
    stopParty(party);
    await sleep(500);
    rmSync(stateDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchChat({ port: Number(process.env.BENCH_CHAT_PORT) || undefined }).then(
    (figures) => console.log(JSON.stringify(figures, null, 2)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
