/**
 * What `npm start` prints of its processes' output. wrangler dev logs every request with its whole URL,
 * secret links included (an order's private link, a password reset's); the Worker logs each request
 * itself with those redacted (workers/request-log.ts), so wrangler's own request lines are left out.
 */
import { Transform } from "node:stream";

// Terminal colours: ESC [ … m.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const WRANGLER_REQUEST =
  /\[wrangler:[a-z]+\]\s+(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|CONNECT|TRACE)\s+\S+\s+\d{3}\b/;

/** Whether a line of output is one of wrangler's request lines. */
export function isWranglerRequestLine(line) {
  return WRANGLER_REQUEST.test(line.replace(ANSI, ""));
}

/** A stream that passes output on line by line, without wrangler's request lines. */
export function withoutWranglerRequestLines() {
  let pending = "";
  const keep = (lines) => lines.filter((line) => !isWranglerRequestLine(line)).join("");
  return new Transform({
    transform(chunk, _encoding, done) {
      const lines = (pending + chunk.toString()).split(/(?<=\n)/);
      pending = lines.at(-1)?.endsWith("\n") ? "" : (lines.pop() ?? "");
      // A long line without an end (a progress bar) is passed on as it comes.
      if (pending.length > 8192) {
        lines.push(pending);
        pending = "";
      }
      done(null, keep(lines));
    },
    flush(done) {
      done(null, keep([pending]));
    },
  });
}
