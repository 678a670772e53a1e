/**
 * Secret links stay out of the logs: the Worker's own request line (workers/request-log.ts) and the errors
 * Remix reports (entry.server handleError) show an order's private link and a reset link with their secret
 * redacted, and no query string (Cloudflare's invocation logs, which would show them whole, are off:
 * tests/unit/logs.test.ts).
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { DEMO, ORIGIN, placeOrder, seedProducts, signUp, html } from "./helpers";

/** The Worker as `npm start` and production run it: with its request log (test runs have it off). */
async function call(path: string, { method = "GET", body }: { method?: string; body?: BodyInit } = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    body,
    headers: {
      Host: new URL(ORIGIN).host,
      Origin: ORIGIN,
      ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
  });
  const response = await worker.fetch(
    request as Parameters<typeof worker.fetch>[0],
    { ...env, APP_ENV: "development" },
    ctx,
  );
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return response;
}

/** Everything the Worker wrote to its log while `run` ran, each entry as text. */
async function logged(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => {
    lines.push(args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "));
  };
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation(keep),
  );
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe("secret links stay out of the logs", () => {
  it("an order's private link and its pages, found or not, any method", async () => {
    const [product] = await seedProducts([DEMO[0]]);
    const order = await placeOrder(product.id);
    const token = order.accessToken;
    const statuses: number[] = [];
    const lines = await logged(async () => {
      for (const [method, path] of [
        ["GET", `/order/${token}`],
        ["GET", `/order/${token}?placed=1`],
        ["GET", `/order/${token}.data`],
        ["GET", `/order/${token}/prescription`],
        ["GET", `/order/${token}/receipt`],
        ["POST", `/order/${token}/prescription`],
        ["GET", `/order/${token}/no-such-page`],
        ["GET", `/login?redirectTo=${encodeURIComponent(`/order/${token}`)}`],
      ])
        statuses.push((await call(path, { method, body: method === "POST" ? "a=b" : undefined })).status);
    });
    expect(statuses).toEqual([200, 200, 200, 404, 404, 405, 404, 200]);
    expect(lines.join("\n")).not.toContain(token);
    const requests = lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
    expect(requests.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
      "GET /order/… 200",
      "GET /order/… 200",
      "GET /order/… 200",
      "GET /order/…/prescription 404",
      "GET /order/…/receipt 404",
      "POST /order/…/prescription 405",
      "GET /order/…/no-such-page 404",
      "GET /login 200",
    ]);
    // What Remix reported about the wrong method and the missing page is there, redacted.
    expect(lines.some((line) => line.includes("/order/…/prescription") && line.includes("405"))).toBe(true);
    expect(lines.some((line) => line.includes("/order/…/no-such-page") && line.includes("404"))).toBe(true);
  });

  it("a password reset link, shown and used", async () => {
    const admin = await signUp("Pharm. Femi Ade", "admin");
    const customer = await signUp("Ruth Okon");
    const issued = await html(await admin.client.post("/admin/users", { userId: customer.id }));
    const path = /\/reset-password\/[A-Za-z0-9_-]+/.exec(issued)![0];
    const token = path.split("/")[2]!;
    const lines = await logged(async () => {
      expect((await call(path)).status).toBe(200);
      const fields = new URLSearchParams({
        newPassword: "a-new-passphrase",
        confirmPassword: "a-new-passphrase",
      });
      expect((await call(path, { method: "POST", body: fields })).status).toBe(302);
      expect((await call(path)).status).toBe(410);
    });
    expect(lines.join("\n")).not.toContain(token);
    expect(lines.filter((line) => line.includes('"path":"/reset-password/…"'))).toHaveLength(3);
  });

  it("other paths are logged as they are, without their query string", async () => {
    const lines = await logged(async () => {
      await call("/shop?q=malaria");
    });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { method: "GET", path: "/shop", status: 200, ms: expect.any(Number) },
    ]);
  });
});
