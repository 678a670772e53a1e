/**
 * The bench's own Worker entry (`npm run bench -- --only d1-distance`; scripts/bench/measure/d1-distance.mjs
 * starts `wrangler dev` on this file instead of workers/app.ts): the app as deployed, given a D1 binding that
 * waits `x-bench-d1-delay` milliseconds before every call and counts the request's sequential trips
 * (workers/d1-trips.ts). It answers with two headers of its own: `x-bench-d1-trips` and
 * `x-bench-server-ms`. Production never runs this file: wrangler.toml's `main` is workers/app.ts.
 */
import app from "./app";
import { countTrips } from "./d1-trips";

export default {
  async fetch(request, env, ctx) {
    const delayMs = Math.max(0, Number(request.headers.get("x-bench-d1-delay")) || 0);
    const trips = countTrips(env.DB, { delayMs });
    const started = performance.now();
    const answer = await app.fetch(request, { ...env, DB: trips.d1 }, ctx);
    // The body is sent whole before the clock stops: a streamed page may still be reading D1.
    const body = await answer.arrayBuffer();
    const response = new Response([101, 204, 205, 304].includes(answer.status) ? null : body, answer);
    response.headers.set("x-bench-d1-trips", String(trips.trips()));
    response.headers.set("x-bench-server-ms", (performance.now() - started).toFixed(1));
    return response;
  },
  scheduled: app.scheduled,
  queue: app.queue,
} satisfies ExportedHandler<Env>;
