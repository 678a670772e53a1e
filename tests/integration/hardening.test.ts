/**
 * Hardening, with exact answers: open redirects through every `redirectTo` (login, cart, admin orders),
 * private caching of personal pages and their `.data` requests, security headers on the cross-site
 * refusal, JSON 404 and 405 answers of the API, and the per-client rate limits (Workers Rate Limiting
 * bindings, emulated by Miniflare from wrangler.toml) on registering, checking out, contact messages,
 * prescription uploads and chat tickets.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import {
  bearer,
  DEMO,
  imageForm,
  ORIGIN,
  placeOrder,
  PNG_BYTES,
  seedProducts,
  signUp,
  type TestUser,
} from "./helpers";

/** The Worker's fetch, in-process (many requests through SELF slow down, one after another). */
async function call(
  path: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: HeadersInit; body?: BodyInit } = {},
): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    body,
    headers: { Host: new URL(ORIGIN).host, ...Object.fromEntries(new Headers(headers)) },
  });
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const session = (user: TestUser) => ({
  Cookie: `medistore_session=${user.client.cookies.get("medistore_session")}`,
});

/** A form post as a browser sends it, from our own origin. */
function postForm(path: string, fields: Record<string, string>, headers: HeadersInit = {}) {
  return call(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      ...Object.fromEntries(new Headers(headers)),
    },
  });
}

function postJson(path: string, body: unknown, headers: HeadersInit = {}) {
  return call(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...Object.fromEntries(new Headers(headers)) },
  });
}

// ---------------------------------------------------------------------------------------------------------

describe("open redirects: a redirectTo never sends anyone off our origin", () => {
  /** What a browser does with the Location: resolve it against the page's origin. */
  function landsOn(response: Response): string {
    const location = response.headers.get("Location");
    expect(location, "a redirect").not.toBeNull();
    return new URL(location!, ORIGIN).origin;
  }

  /** Targets off our origin, or tricks a browser reads as such: each falls back to the form's default. */
  const OFF_SITE = [
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "https:evil.example",
    "javascript:alert(1)",
    " //evil.example",
    // Dot segments that collapse into a second leading slash once resolved.
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/./\\evil.example",
    "/a/..//evil.example",
  ];
  /** Encoded look-alikes: paths of our own (a 404 here), kept as they are. */
  const OWN_PATHS = ["/%09/evil.example", "/%2F/evil.example"];
  const HOSTILE = [...OFF_SITE, ...OWN_PATHS];

  it("GET /login?redirectTo=/%09/evil.example (and the rest) for a signed-in user stays on our origin", async () => {
    const user = await signUp("Ngozi Okafor");
    const first = await call("/login?redirectTo=/%09/evil.example", { headers: session(user) });
    expect(first.status).toBe(302);
    expect(landsOn(first)).toBe(ORIGIN);
    for (const target of HOSTILE) {
      const res = await call(`/login?redirectTo=${encodeURIComponent(target)}`, { headers: session(user) });
      expect(res.status, JSON.stringify(target)).toBe(302);
      expect(landsOn(res), JSON.stringify(target)).toBe(ORIGIN);
    }
  });

  it("POST /login with a hostile redirectTo signs in and lands on our origin", async () => {
    const user = await signUp("Ngozi Okafor");
    for (const target of HOSTILE) {
      const res = await postForm("/login", {
        email: user.email,
        password: user.password,
        redirectTo: target,
      });
      expect(res.status, JSON.stringify(target)).toBe(302);
      expect(landsOn(res), JSON.stringify(target)).toBe(ORIGIN);
    }
    // The exact fallbacks: the control-character and protocol-relative tricks go to the user's home.
    for (const target of ["/\t/evil.example", "/\n/evil.example", "//evil.example", "/.//evil.example"]) {
      const res = await postForm("/login", {
        email: user.email,
        password: user.password,
        redirectTo: target,
      });
      expect(res.headers.get("Location"), JSON.stringify(target)).toBe("/dashboard");
    }
    // A real path of ours is kept.
    const kept = await postForm("/login", {
      email: user.email,
      password: user.password,
      redirectTo: "/orders",
    });
    expect(kept.headers.get("Location")).toBe("/orders");
  });

  it("the cart form's redirectTo stays on our origin", async () => {
    const [product] = await seedProducts([DEMO[0]]);
    for (const target of HOSTILE) {
      const res = await postForm("/cart", {
        intent: "add",
        productId: String(product.id),
        redirectTo: target,
      });
      expect(res.status, JSON.stringify(target)).toBe(302);
      expect(landsOn(res), JSON.stringify(target)).toBe(ORIGIN);
      expect(res.headers.get("Location"), JSON.stringify(target)).toBe(
        OWN_PATHS.includes(target) ? target : "/cart",
      );
    }
    const kept = await postForm("/cart", { intent: "clear", redirectTo: "/shop?q=para#shop" });
    expect(kept.headers.get("Location")).toBe("/shop?q=para#shop");
  });

  it("the admin orders form's redirectTo stays on our origin", async () => {
    const [product] = await seedProducts([DEMO[0]]);
    const order = await placeOrder(product.id);
    const admin = await signUp("Bola Admin", "admin");
    for (const target of HOSTILE) {
      const res = await postForm(
        "/admin/orders",
        { orderId: order.id, deliveryStatus: "Processing", redirectTo: target },
        session(admin),
      );
      expect(res.status, JSON.stringify(target)).toBe(302);
      expect(landsOn(res), JSON.stringify(target)).toBe(ORIGIN);
      expect(res.headers.get("Location"), JSON.stringify(target)).toBe(
        OWN_PATHS.includes(target) ? target : "/admin/orders",
      );
    }
    const kept = await postForm(
      "/admin/orders",
      { orderId: order.id, deliveryStatus: "Shipped", redirectTo: "/admin/orders?page=2" },
      session(admin),
    );
    expect(kept.headers.get("Location")).toBe("/admin/orders?page=2");
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("headers", () => {
  it("personal pages and their .data requests are private, no-store for a signed-in user", async () => {
    const customer = await signUp("Ngozi Okafor");
    const admin = await signUp("Bola Admin", "admin");
    const pages: [TestUser, string][] = [
      [customer, "/dashboard"],
      [customer, "/orders"],
      [customer, "/pending-deliveries"],
      [customer, "/dashboard.data"],
      [customer, "/orders.data"],
      [customer, "/pending-deliveries.data"],
      [customer, "/_root.data"],
      [admin, "/admin"],
      [admin, "/admin/products"],
      [admin, "/admin/orders"],
      [admin, "/admin/admins"],
      [admin, "/admin/prescriptions"],
      [admin, "/admin/messages"],
      [admin, "/admin/users"],
      [admin, "/admin.data"],
      [admin, "/admin/orders.data"],
      [admin, "/admin/products.data"],
      [admin, "/_root.data"],
    ];
    for (const [user, path] of pages) {
      const res = await call(path, { headers: session(user) });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    // A customer's refusal at /admin is personal too.
    const refused = await call("/admin", { headers: session(customer) });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("the cross-site write refusal is a 403 with a message and the security headers", async () => {
    for (const [path, json] of [
      ["/contact", false],
      ["/cart", false],
      ["/api/auth/login", true],
    ] as const) {
      const res = await call(path, {
        method: "POST",
        body: new URLSearchParams({ name: "x" }),
        headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(res.status, path).toBe(403);
      if (json) expect(await res.json()).toEqual({ message: "Cross-site requests are not allowed." });
      else expect(await res.text()).toBe("Cross-site requests are not allowed.");
      expect(res.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(res.headers.get("X-Frame-Options"), path).toBe("DENY");
      expect(res.headers.get("Referrer-Policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("Content-Security-Policy"), path).toBe(
        "default-src 'none'; frame-ancestors 'none'; sandbox",
      );
    }
  });

  it("`Origin: null` passes only with the browser's proof that the form is ours (Sec-Fetch-Site: same-origin)", async () => {
    const post = (path: string, headers: Record<string, string>) =>
      call(path, {
        method: "POST",
        body: new URLSearchParams({}),
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      });
    const own = { Origin: "null", "Sec-Fetch-Site": "same-origin" };
    // An empty contact form: 400 with the form's errors once it is let through, on the page and as `.data`.
    expect((await post("/contact", own)).status).toBe(400);
    expect((await post("/contact.data", own)).status).toBe(400);
    for (const site of ["cross-site", "same-site", "none", undefined]) {
      const headers = { Origin: "null", ...(site ? { "Sec-Fetch-Site": site } : {}) };
      for (const path of ["/contact", "/contact.data", "/api/auth/login"]) {
        const res = await post(path, headers);
        expect(res.status, `${path} with Sec-Fetch-Site: ${site}`).toBe(403);
      }
    }
  });

  it("an unknown API call is a 404 in JSON with a message, whatever the method or Accept", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      for (const accept of ["application/json", "text/html"]) {
        const res = await call("/api/nope", { method, headers: { Accept: accept } });
        expect(res.status, `${method} ${accept}`).toBe(404);
        expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
        expect(await res.json()).toEqual({
          message: `There is no API call ${method} /api/nope. The API's calls are listed in docs/api.md.`,
        });
      }
    }
    const nested = await call("/api/products/1/reviews");
    expect(nested.status).toBe(404);
    expect(((await nested.json()) as { message: string }).message).toMatch(/no API call GET/);
  });

  it("a wrong method on an API call is a 405 in JSON with a message and an Allow header", async () => {
    const admin = await signUp("Bola Admin", "admin");
    const cases: [string, string, string][] = [
      ["GET", "/api/auth/register", "POST"],
      ["GET", "/api/auth/login", "POST"],
      ["DELETE", "/api/users", "GET"],
      ["POST", "/api/users", "GET"],
      ["POST", "/api/prescriptions/all", "GET"],
      ["GET", "/api/prescriptions/upload", "POST"],
      ["POST", "/api/orders/all-orders", "GET"],
      ["GET", "/api/orders/checkout", "POST"],
      ["GET", "/api/admins", "POST"],
      ["PUT", "/api/products", "GET, POST"],
      ["DELETE", "/api/products", "GET, POST"],
      ["GET", "/api/products/1", "PATCH, DELETE"],
      ["PUT", "/api/products/1", "PATCH, DELETE"],
      ["POST", "/api/orders/someone@example.com", "GET, PUT"],
      ["DELETE", "/api/orders/some-order-id", "GET, PUT"],
      ["POST", "/api/chat/messages/someone", "GET"],
      ["GET", "/chat/ticket", "POST"],
    ];
    for (const [method, path, allow] of cases) {
      for (const headers of [{}, bearer(admin)]) {
        const res = await call(path, { method, headers });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("Allow"), `${method} ${path}`).toBe(allow);
        expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
        expect(await res.json()).toEqual({
          message: `Method not allowed. Use ${allow.replace(", ", " or ")}.`,
        });
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------------

const TOO_MANY = "Too many requests from this device. Please wait a minute and try again.";

/** A client address no other test uses (counters live as long as the test run). */
function freshAddress(): string {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `10.${a}.${b}.${c}`;
}

/**
 * The bindings count in fixed windows (a minute here). A scenario that happens to straddle the start of a
 * new window sees its count reset halfway; only then is it run once more, from a fresh address.
 */
async function inOneWindow(scenario: (address: string) => Promise<void>) {
  const window = () => Math.floor(Date.now() / 60_000);
  const started = window();
  try {
    await scenario(freshAddress());
  } catch (error) {
    if (window() === started) throw error;
    await scenario(freshAddress());
  }
}

/** Each of `count` requests passes the limit (and gets the answer it would get anyway). */
async function expectAllowed(count: number, send: () => Promise<Response>, status: number) {
  for (let i = 1; i <= count; i++) expect((await send()).status, `request ${i} of ${count}`).toBe(status);
}

/** A 429 with the message (JSON for the API, on the page otherwise) and when to come back. */
async function expectBlocked(response: Response, json: boolean) {
  expect(response.status).toBe(429);
  expect(response.headers.get("Retry-After"), "Retry-After").toBe("60");
  if (json) expect(await response.json()).toEqual({ message: TOO_MANY });
  else expect(await response.text()).toContain(TOO_MANY);
}

const ip = (address: string) => ({ "CF-Connecting-IP": address });

describe("rate limits: past the limit a client gets 429 with a message and Retry-After; others still pass", () => {
  it("registration, on the page and through the API (20 a minute per address, shared)", async () => {
    await inOneWindow(async (address) => {
      await expectAllowed(10, () => postForm("/register", {}, ip(address)), 400);
      await expectAllowed(10, () => postJson("/api/auth/register", {}, ip(address)), 400);
      await expectBlocked(await postJson("/api/auth/register", {}, ip(address)), true);
      await expectBlocked(await postForm("/register", {}, ip(address)), false);
      expect((await postForm("/register", {}, ip(freshAddress()))).status).toBe(400);
      expect((await postJson("/api/auth/register", {}, ip(freshAddress()))).status).toBe(400);
    });
  });

  it("checkout, on the page and through the API (30 a minute per address, shared)", async () => {
    await inOneWindow(async (address) => {
      await expectAllowed(15, () => postForm("/checkout", {}, ip(address)), 400);
      await expectAllowed(15, () => postJson("/api/orders/checkout", {}, ip(address)), 400);
      await expectBlocked(await postJson("/api/orders/checkout", {}, ip(address)), true);
      await expectBlocked(await postForm("/checkout", {}, ip(address)), false);
      expect((await postForm("/checkout", {}, ip(freshAddress()))).status).toBe(400);
      expect((await postJson("/api/orders/checkout", {}, ip(freshAddress()))).status).toBe(400);
    });
  });

  it("contact messages, with and without JavaScript (10 a minute per address; IPv6 counts as its /64)", async () => {
    await inOneWindow(async () => {
      const [a, b] = crypto.getRandomValues(new Uint16Array(2));
      const net = `2001:db8:${a.toString(16)}:${b.toString(16)}`;
      await expectAllowed(10, () => postForm("/contact", {}, ip(`${net}::1`)), 400);
      await expectBlocked(await postForm("/contact", {}, ip(`${net}::2`)), false);
      await expectBlocked(await postForm("/contact.data", { enhanced: "1" }, ip(`${net}::3`)), false);
      expect((await postForm("/contact", {}, ip(freshAddress()))).status).toBe(400);
    });
  });

  it("one network gets one budget however its address is spelled (compressed, expanded, any case, IPv4-mapped)", async () => {
    await inOneWindow(async () => {
      const [a, b] = crypto.getRandomValues(new Uint16Array(2));
      const [hexA, hexB] = [a.toString(16), b.toString(16)];
      const spellings = [
        `2001:db8:${hexA}:${hexB}::1`,
        `2001:0db8:${hexA.padStart(4, "0")}:${hexB.padStart(4, "0")}:0000:0000:0000:0002`,
        `2001:DB8:${hexA.toUpperCase()}:${hexB.toUpperCase()}::3`,
        `2001:db8:${hexA}:${hexB}:0:0:0.0.0.4`,
        `[2001:db8:${hexA}:${hexB}::5]`,
      ];
      for (const [i, address] of [...spellings, ...spellings].entries())
        expect((await postForm("/contact", {}, ip(address))).status, `request ${i + 1}: ${address}`).toBe(
          400,
        );
      await expectBlocked(await postForm("/contact", {}, ip(`2001:db8:${hexA}:${hexB}:ffff::`)), false);

      const v4 = freshAddress();
      const mapped = [v4, `::ffff:${v4}`, `::FFFF:${v4}`, `0:0:0:0:0:ffff:${v4}`, `0000::ffff:${v4}`];
      for (const [i, address] of [...mapped, ...mapped].entries())
        expect((await postForm("/contact", {}, ip(address))).status, `request ${i + 1}: ${address}`).toBe(
          400,
        );
      await expectBlocked(await postForm("/contact", {}, ip(v4)), false);
    });
  });

  it("prescription uploads through the API (20 a minute per address and per account)", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    const emeka = await signUp("Emeka Eze");
    const upload = (user: TestUser, address: string) =>
      call(`/api/prescriptions/upload?email=${encodeURIComponent(user.email)}`, {
        method: "POST",
        body: imageForm(new Uint8Array(0)), // counted first, then refused: no image
        headers: { ...bearer(user), ...ip(address) },
      });
    await inOneWindow(async (address) => {
      await expectAllowed(20, () => upload(ngozi, address), 400);
      await expectBlocked(await upload(ngozi, address), true);
      expect((await upload(emeka, address)).status, "another account, same address").toBe(429);
      expect((await upload(ngozi, freshAddress())).status, "same account, another address").toBe(429);
    });
    expect((await upload(emeka, freshAddress())).status, "another account and address").toBe(400);
  });

  it("prescription uploads on the dashboard (the same limit)", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    const emeka = await signUp("Emeka Eze");
    const upload = (user: TestUser, address: string) => {
      const form = imageForm(PNG_BYTES, "rx.png", { intent: "upload-prescription" }); // no consent: a 400
      return call("/dashboard", {
        method: "POST",
        body: form,
        headers: { Origin: ORIGIN, ...session(user), ...ip(address) },
      });
    };
    await inOneWindow(async (address) => {
      await expectAllowed(20, () => upload(ngozi, address), 400);
      await expectBlocked(await upload(ngozi, address), false);
    });
    expect((await upload(emeka, freshAddress())).status).toBe(400);
  });

  it("chat tickets (60 a minute per address and per account)", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    const emeka = await signUp("Emeka Eze");
    for (const customer of [ngozi, emeka])
      await customer.client.post("/account/privacy", { intent: "give", kind: "chat" });
    const ticket = (user: TestUser, address: string) =>
      call("/chat/ticket", { method: "POST", headers: { ...bearer(user), ...ip(address) } });
    await inOneWindow(async (address) => {
      await expectAllowed(60, () => ticket(ngozi, address), 200);
      await expectBlocked(await ticket(ngozi, address), true);
      expect((await ticket(ngozi, freshAddress())).status, "same account, another address").toBe(429);
    });
    expect((await ticket(emeka, freshAddress())).status).toBe(200);
  });
});
