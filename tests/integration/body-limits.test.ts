/**
 * Every request body is held to its limit before anything reads it (workers/body-limit.ts): on every route
 * of the app's route manifest (the server build's `routes`), a body that claims 90 MB and a body sent without
 * a length that keeps growing are both answered 413 with a message (JSON from the API), having read no more
 * than the limit. Upload routes take a multipart form with one image; every other body is small.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import type { ServerBuild } from "@remix-run/cloudflare";
import * as serverBuild from "medistore-server-build";
import { describe, expect, it } from "vitest";
import { BODY_MAX_BYTES, PHOTO_FORM_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from "~/lib/limits";
import { matchPath, routePattern } from "~/lib/route-policy";
import worker from "../../workers/app";
import { BODY_TOO_LARGE, UPLOAD_TOO_LARGE } from "../../workers/body-limit";
import { Client, DEMO, html, ORIGIN, seedProducts, signUp } from "./helpers";

const build = serverBuild as unknown as ServerBuild;
const NINETY_MB = 90 * 1024 * 1024;
const CHUNK = 64 * 1024;

/** A body of `total` bytes made as it is read; `pulled()` says how much of it anything read. */
function lazyBody(total: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      const size = Math.min(CHUNK, total - pulled);
      pulled += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return { stream, pulled: () => pulled };
}

/** The Worker's fetch, in-process, as a browser on our own origin sends it. */
async function call(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit },
) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, {
    method: init.method ?? "POST",
    body: init.body,
    headers: { Host: new URL(ORIGIN).host, Origin: ORIGIN, ...init.headers },
  });
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** One URL per route of the manifest, its parameters filled with plausible values. */
function routeUrls(productId: number): string[] {
  const routes = build.routes;
  const urls = Object.values(routes)
    .filter((route) => route && route.id !== "root" && (route.path !== undefined || route.index))
    .map((route) => {
      const pattern = routePattern(routes, route!.id);
      if (pattern === "/*") return "/no-such-page";
      return pattern
        .replace(/:slug/, pattern.startsWith("/products") ? `${productId}-x` : "antibiotics")
        .replace(/:\w+/g, "12345678")
        .replace(/\*$/, "anything");
    });
  return [...new Set(urls)];
}

async function expectRefused(response: Response, path: string, message: string) {
  expect(response.status, path).toBe(413);
  if (path.startsWith("/api/")) expect(await response.json(), path).toEqual({ message });
  else expect(await response.text(), path).toBe(message);
  expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const MULTIPART = { "Content-Type": "multipart/form-data; boundary=----medistore" };

describe("request bodies are held to their limit before anything reads them", () => {
  it("every route refuses a body that claims 90 MB, reading none of it", async () => {
    const [product] = await seedProducts([DEMO[0]]);
    const urls = routeUrls(product.id);
    expect(urls.length).toBeGreaterThan(50);
    for (const path of urls) {
      for (const [headers, method] of [
        [FORM, "POST"],
        [MULTIPART, "POST"],
        [{ "Content-Type": "application/json" }, "PUT"],
      ] as const) {
        const body = lazyBody(NINETY_MB);
        const res = await call(path, {
          method,
          headers: { ...headers, "Content-Length": String(NINETY_MB) },
          body: body.stream,
        });
        const uploads = matchPath(path).area.uploads && headers === MULTIPART;
        await expectRefused(res, path, uploads ? UPLOAD_TOO_LARGE : BODY_TOO_LARGE);
        expect(body.pulled(), path).toBeLessThanOrEqual(CHUNK * 2);
      }
    }
  });

  it("every route refuses a body sent without a length as soon as it grows past the limit", async () => {
    const [product] = await seedProducts([DEMO[0]]);
    for (const path of routeUrls(product.id)) {
      for (const headers of [FORM, MULTIPART]) {
        const body = lazyBody(NINETY_MB);
        const res = await call(path, { headers, body: body.stream });
        const uploads = matchPath(path).area.uploads && headers === MULTIPART;
        const photoForm = matchPath(path).area.photoForm;
        const limit = uploads ? (photoForm ? PHOTO_FORM_MAX_BYTES : UPLOAD_BODY_MAX_BYTES) : BODY_MAX_BYTES;
        await expectRefused(res, path, uploads ? UPLOAD_TOO_LARGE : BODY_TOO_LARGE);
        // The limit, and what the stream had queued ahead of the reader.
        expect(body.pulled(), path).toBeLessThanOrEqual(limit + 4 * CHUNK);
      }
    }
  });

  it("through the runtime too: a chunked 90 MB form to /login, and a 90 MB claim to the API", async () => {
    const body = lazyBody(NINETY_MB);
    const chunked = await SELF.fetch(`${ORIGIN}/login`, {
      method: "POST",
      body: body.stream,
      headers: { Host: new URL(ORIGIN).host, Origin: ORIGIN, ...FORM },
    });
    await expectRefused(chunked, "/login", BODY_TOO_LARGE);
    expect(body.pulled()).toBeLessThan(NINETY_MB / 10);

    const big = new Uint8Array(BODY_MAX_BYTES + 1).fill(0x61);
    const api = await SELF.fetch(`${ORIGIN}/api/auth/login`, {
      method: "POST",
      body: big,
      headers: { "Content-Type": "application/json" },
    });
    await expectRefused(api, "/api/auth/login", BODY_TOO_LARGE);
  });

  it("an upload route takes a multipart form up to an image's size; a form of text stays small there too", async () => {
    const customer = await signUp("Zainab Musa");
    const photo = new Uint8Array(BODY_MAX_BYTES * 4);
    const form = new FormData();
    form.set("intent", "upload-prescription");
    form.set("image", new File([photo], "rx.png", { type: "image/png" }));
    // Past the limit: it reaches the page, which says what is wrong with the photo.
    const uploaded = await customer.client.postMultipart("/dashboard", form);
    expect(uploaded.status).toBe(400);
    const text = await customer.client.post("/dashboard", { intent: "x".repeat(BODY_MAX_BYTES) });
    await expectRefused(text, "/dashboard", BODY_TOO_LARGE);
    // A form of ordinary size still works where no upload belongs.
    const login = await new Client().post("/login", {
      email: "nobody@example.com",
      password: "wrong-password",
    });
    expect(login.status).toBe(401);
    expect(await html(login)).toContain("Invalid email or password.");
  });

  it("a body within the limit and sent without a length reaches the route whole", async () => {
    const fields = new URLSearchParams({ email: "nobody@example.com", password: "wrong-password" });
    const bytes = new TextEncoder().encode(fields.toString());
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 10));
        controller.enqueue(bytes.slice(10));
        controller.close();
      },
    });
    const res = await call("/login", { headers: FORM, body: stream });
    expect(res.status).toBe(401);
    expect(await html(res)).toContain("Invalid email or password.");
  });
});
