/**
 * Chat figures: starts `partykit dev` on a free loopback port with its own state folder, opens 200 sockets
 * across 100 conversations (a customer and a pharmacist in each), and measures
 *   - send-to-deliver latency (p50/p99): each side writes at a human-plus pace (2 messages/s, under the
 *     flood throttle); the time runs from send() on one socket to the `message` frame on the other;
 *   - messages per second per room: every customer sends as fast as its room delivers (a window of frames
 *     in flight), all 100 rooms at once, then one room alone. The party runs with the per-connection flood
 *     throttle raised for this, so the figure is the room's capacity, not the throttle's;
 *   - the party's memory: resident set size of the `partykit dev` process tree (the CLI and its workerd),
 *     idle after start and at the peak under load.
 *
 *   import { benchChat } from "./measure/chat.mjs";
 *   const figures = await benchChat();        // see the return shape at the end of benchChat
 *   node scripts/bench/measure/chat.mjs       // prints the figures as JSON
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { clearInterval, setInterval } from "node:timers";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { BENCH_ENV, findFreePort, ROOT, sleep, stopAll, tempDir } from "../processes.mjs";
import { startServer } from "../servers.mjs";
import { nearestRank } from "../stats.mjs";

const require = createRequire(import.meta.url);
// Node 20 has no WebSocket; `ws` is what partysocket uses in Node too.
const WebSocket = require("ws");

const SECRET = "bench-chat-secret-0123456789abcdefghij";

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

/**
 * `partykit dev` with the bench's secret (or the app's, when MediStore talks to it) and the flood throttle
 * out of the way, on a throwaway state folder.
 * @param {number} port @param {string} [secret]
 */
export async function startParty(port, secret = SECRET) {
  const state = await tempDir("medistore-bench-chat-");
  const url = `http://127.0.0.1:${port}`;
  return startServer({
    label: "chat party",
    name: "partykit dev",
    command: process.execPath,
    args: [
      path.join(ROOT, "node_modules/partykit/dist/bin.mjs"),
      "dev",
      "--port",
      String(port),
      "--disable-request-cf-fetch",
      "--no-hotkeys",
      "--persist",
      state.dir,
      "--var",
      `CHAT_SECRET=${secret}`,
      "--var",
      "CHAT_FLOOD_BURST=1000000",
      "--var",
      "CHAT_FLOOD_PER_SECOND=1000000",
    ],
    env: { ...BENCH_ENV, FORCE_COLOR: "0" },
    url,
    readyUrl: `${url}/health`,
    okOnly: true,
    timeoutMs: 60_000,
    onStop: state.remove,
  });
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
 *   port: where to run the party (default: a free one)
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
  const party = await startParty(fixedPort ?? (await findFreePort()));
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
    let burstListener = null;
    const pairs = [];
    for (let r = 0; r < rooms; r++) {
      const room = `bench-${r}-${Date.now()}`;
      const url = async (person) => {
        const ticket = await signTicket(SECRET, { ...person, party: "main", room });
        return `${party.url.replace(/^http/, "ws")}/parties/main/${room}?ticket=${encodeURIComponent(ticket)}`;
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

    /** One chat message from one side of a conversation to the other. */
    const write = (pair, fromCustomer, text) =>
      (fromCustomer ? pair.customer : pair.pharmacist).send(
        JSON.stringify({
          type: "private_message",
          conversationId: pair.room,
          toUserId: fromCustomer ? null : pair.room,
          text,
        }),
      );

    // Phase 1: latency at a steady pace, both sides of every conversation writing.
    let sequence = 0;
    const send = (pair, fromCustomer) => {
      const text = `m${sequence++}`;
      sentAt.set(`${pair.room}/${text}`, performance.now());
      write(pair, fromCustomer, text);
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
    const measured = [...latencies];

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
          write(pair, true, `b${state.sent}`);
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
      return Math.round(total / seconds / selected.length);
    };
    const underLoad = await burst(pairs.map((_, i) => i));
    const singleRoom = await burst([0]);

    return {
      sockets: sockets.length,
      rooms,
      latencyMessages: sent,
      lostMessages: lost,
      latencyMs: {
        p50: nearestRank(measured, 50),
        p99: nearestRank(measured, 99),
        max: nearestRank(measured, 100),
      },
      messagesPerSecondPerRoom: { allRoomsAtOnce: underLoad, oneRoomAlone: singleRoom },
      partyRssMb: { idle: idleRss, peak: peakRss || null },
    };
  } finally {
    clearInterval(sampler);
    for (const socket of sockets) socket.terminate();
    await party.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchChat({ port: Number(process.env.BENCH_CHAT_PORT) || undefined })
    .then((figures) => console.log(JSON.stringify(figures, null, 2)))
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(stopAll);
}
