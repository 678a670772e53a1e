/**
 * Secret links stay out of the logs outside the Worker's own code (tests/integration/request-log.test.ts):
 * Cloudflare's invocation logs are off (wrangler.toml), and `npm start` leaves wrangler dev's request lines
 * out of its output (scripts/dev-log.mjs). Both show every URL whole; the Worker logs each request itself.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isWranglerRequestLine, withoutWranglerRequestLines } from "../../scripts/dev-log.mjs";

const ESC = String.fromCharCode(27);

async function through(chunks: string[]): Promise<string> {
  const stream = withoutWranglerRequestLines();
  let out = "";
  stream.on("data", (data: Buffer) => (out += data.toString()));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await ended;
  return out;
}

describe("npm start's output", () => {
  it("knows wrangler's request lines, coloured or not, from its other lines", () => {
    expect(isWranglerRequestLine("[app] [wrangler:info] GET /order/s3cret 200 OK (12ms)")).toBe(true);
    expect(
      isWranglerRequestLine(
        `[app] ${ESC}[2m[wrangler:info]${ESC}[22m POST /reset-password/s3cret ${ESC}[33m302${ESC}[39m Found (5ms)`,
      ),
    ).toBe(true);
    expect(isWranglerRequestLine("[app] [wrangler:info] Ready on http://127.0.0.1:8787")).toBe(false);
    expect(isWranglerRequestLine("[app] { method: 'GET', path: '/order/…', status: 200, ms: 3 }")).toBe(
      false,
    );
    expect(isWranglerRequestLine("[chat] GET /parties/chat/room 101")).toBe(false);
  });

  it("passes every other line on whole, however the output is cut into chunks", async () => {
    const out = await through([
      "[app] [wrangler:info] Ready on http://127.0.0.1:8787\n[app] [wrangler:info] GET /order/s3",
      "cret 200 OK (12ms)\n[app] { method: 'GET', path: '/order/…', status: 200 }\n",
      "[chat] listening",
    ]);
    expect(out).toBe(
      "[app] [wrangler:info] Ready on http://127.0.0.1:8787\n[app] { method: 'GET', path: '/order/…', status: 200 }\n[chat] listening",
    );
    expect(out).not.toContain("s3cret");
  });
});

describe("Workers Logs (wrangler.toml [observability])", () => {
  it("keeps console output and errors but not Cloudflare's invocation logs, which hold whole URLs", () => {
    const toml = readFileSync(path.resolve(__dirname, "../../wrangler.toml"), "utf8");
    expect(toml).toMatch(/^\[observability\]\nenabled = true$/m);
    const logs = /^\[observability\.logs\]\n((?:[^[].*\n|\n)*)/m.exec(toml)?.[1] ?? "";
    expect(logs).toMatch(/^enabled = true$/m);
    expect(logs).toMatch(/^invocation_logs = false$/m);
  });
});
