/** Guest pages from the edge cache (workers/edge-cache.ts): what is kept, for whom, and when it goes stale. */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  bearer,
  Client,
  DEMO,
  html,
  imageForm,
  placeOrder,
  PNG_BYTES,
  seedProducts,
  signUp,
} from "./helpers";
import worker from "../../workers/app";
import { forgetPagesInMemory } from "../../workers/edge-cache";
import { forgetCatalogueVersion } from "../../app/models/catalogue-version.server";

const xCache = (res: Response) => res.headers.get("X-Cache");

/** The nonce of the CSP header, and every nonce attribute in the body. */
function nonces(res: Response, body: string) {
  const csp = /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];
  const inBody = [...body.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]);
  return { csp, inBody };
}

/**
 * The Worker called in-process, as it runs deployed (its own module state: the pages kept in memory, the
 * catalogue version it trusts), waiting for what it does after answering (storing a copy).
 */
async function callWorker(path: string, init: RequestInit = {}, workerEnv: Env = env) {
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost${path}`, init);
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return { response, cache: xCache(response), status: response.status, body: await response.text() };
}

async function productPath(id: number): Promise<string> {
  const res = await new Client().get(`/api/products/${id}`);
  return ((await res.json()) as { url: string }).url;
}

describe("guest pages come from the edge cache", () => {
  it("a second guest request is a hit with the same page, a fresh nonce in the CSP and every script", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    for (const path of [
      "/",
      "/shop",
      "/shop?q=para&page=1",
      "/categories/analgesics",
      await productPath(para.id),
    ]) {
      const first = await new Client().get(path);
      expect(first.status, path).toBe(200);
      expect(xCache(first), path).toBe("MISS");
      const firstBody = await first.text();
      const second = await new Client().get(path);
      expect(xCache(second), path).toBe("HIT");
      const secondBody = await second.text();

      const a = nonces(first, firstBody);
      const b = nonces(second, secondBody);
      expect(a.csp).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(b.csp).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(b.csp).not.toBe(a.csp);
      expect(a.inBody.length, path).toBeGreaterThan(0);
      expect(new Set(a.inBody)).toEqual(new Set([a.csp]));
      expect(new Set(b.inBody)).toEqual(new Set([b.csp]));
      expect(secondBody).not.toContain("edge-cache-nonce");
      // The same page apart from the nonce.
      expect(secondBody.replaceAll(b.csp!, "N")).toBe(firstBody.replaceAll(a.csp!, "N"));
      expect(secondBody).toContain("Paracetamol 500mg Tablets");

      // The browser may not share it: it holds its own nonce.
      expect(second.headers.get("Cache-Control")).toBe("private, no-cache");
      expect(second.headers.get("Set-Cookie")).toBeNull();
      expect(second.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    }
  });

  it("only nonce attributes get the fresh nonce: page text that looks like the placeholder stays as it is", async () => {
    const name = 'Tricky nonce="edge-cache-nonce" Syrup';
    await seedProducts([{ name, category: "Cough & Cold", priceKobo: 50000 }]);
    await new Client().get("/shop");
    const hit = await new Client().get("/shop");
    expect(xCache(hit)).toBe("HIT");
    const body = await hit.text();
    expect(body).toContain("Tricky nonce=&quot;edge-cache-nonce&quot; Syrup");
    const { csp, inBody } = nonces(hit, body);
    expect(new Set(inBody)).toEqual(new Set([csp]));
  });

  it("HEAD is answered from the cached copy, without a body", async () => {
    await seedProducts([DEMO[0]]);
    await new Client().get("/shop");
    const head = await new Client().fetch("/shop", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(xCache(head)).toBe("HIT");
    expect(await head.text()).toBe("");
  });

  it("a signed-in request is rendered for its caller and never stored", async () => {
    await seedProducts([DEMO[0]]);
    const ngozi = await signUp("Ngozi Okafor");
    const mine = await ngozi.client.get("/");
    expect(xCache(mine)).toBe("BYPASS");
    expect(await html(mine)).toContain("My Orders");
    const viaToken = await new Client().get("/", bearer(ngozi));
    expect(xCache(viaToken)).toBe("BYPASS");

    for (const attempt of ["MISS", "HIT"]) {
      const guest = await new Client().get("/");
      expect(xCache(guest)).toBe(attempt);
      const page = await html(guest);
      expect(page).not.toContain("My Orders");
      expect(page).toContain("Register");
    }
  });

  it("a guest with a cart sees their own badge; a guest without one gets the cached page with none", async () => {
    const [amox] = await seedProducts([DEMO[0]]);
    const shopper = new Client();
    await new Client().get("/shop"); // cached before the shopper adds anything
    await shopper.post("/cart", { intent: "add", productId: String(amox.id), redirectTo: "/shop" });
    await shopper.get("/shop"); // reads (and clears) the toast
    const theirs = await shopper.get("/shop");
    expect(xCache(theirs)).toBe("BYPASS");
    expect(await html(theirs)).toContain('aria-label="Cart, 1 item"');

    const other = await new Client().get("/shop");
    expect(xCache(other)).toBe("HIT");
    const page = await html(other);
    expect(page).not.toContain('data-testid="cart-count"');
    expect(page).toContain('aria-label="Cart"');
    // Nothing of the shopper's cart (or a checkout key) is in the hydration data either.
    expect(page).not.toMatch(/"lines",\[\d/);
    expect(page).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}/);
  });

  it("Set-Cookie is never stored or replayed: a pending toast bypasses the cache", async () => {
    const [amox] = await seedProducts([DEMO[0]]);
    const shopper = new Client();
    await shopper.post("/cart", { intent: "remove", productId: String(amox.id), redirectTo: "/" });
    await shopper.post("/cart", { intent: "clear", redirectTo: "/" });
    expect(shopper.cookies.has("medistore_toast")).toBe(true);
    const withToast = await shopper.get("/");
    expect(xCache(withToast)).toBe("BYPASS");
    expect(withToast.headers.getSetCookie().join()).toContain("medistore_toast");
    expect(await html(withToast)).toContain("Your cart is empty.");

    for (const attempt of ["MISS", "HIT"]) {
      const guest = await new Client().get("/");
      expect(xCache(guest)).toBe(attempt);
      expect(guest.headers.get("Set-Cookie")).toBeNull();
      expect(await html(guest)).not.toContain("Your cart is empty.");
    }
  });

  it("the data-saver variant is kept apart; the shopper's cookie beats the header", async () => {
    await seedProducts([DEMO[0]]);
    expect(xCache(await new Client().get("/"))).toBe("MISS");
    expect(xCache(await new Client().get("/"))).toBe("HIT");
    expect(xCache(await new Client().get("/", { "Save-Data": "on" }))).toBe("MISS");
    expect(xCache(await new Client().get("/", { "Save-Data": "on" }))).toBe("HIT");
    const lite = new Client();
    lite.cookies.set("data_saver", "on");
    expect(xCache(await lite.get("/"))).toBe("HIT");
    const full = new Client();
    full.cookies.set("data_saver", "off");
    expect(xCache(await full.get("/", { "Save-Data": "on" }))).toBe("HIT");
    expect(xCache(await new Client().get("/shop", { "Save-Data": "on" }))).toBe("MISS");
  });

  it("hostile or unknown query strings are served but never stored", async () => {
    await seedProducts([DEMO[0]]);
    const hostile = [
      "/?utm_source=newsletter",
      "/shop?q=a&q=b",
      "/shop?page=abc",
      "/shop?page=0",
      "/shop?page=99999",
      `/shop?q=${"x".repeat(201)}`,
      `/shop?${Array.from({ length: 50 }, (_, i) => `p${i}=${i}`).join("&")}`,
      "/products/1-a?q=para",
    ];
    for (const path of hostile) {
      for (let i = 0; i < 2; i++) {
        const res = await new Client().get(path);
        expect([200, 301, 404], path).toContain(res.status);
        expect(xCache(res), path).toBe("BYPASS");
      }
    }
    expect(xCache(await new Client().get("/"))).toBe("MISS");
    expect(xCache(await new Client().get("/"))).toBe("HIT");
    // Pages that are not the cache's: never marked, never kept.
    for (const path of ["/cart", "/checkout", "/about", "/login", "/shop.data", "/api/products"]) {
      expect(xCache(await new Client().get(path)), path).toBeNull();
    }
  });
});

describe("a catalogue change makes the next guest request a miss that shows it", () => {
  async function cached(path: string): Promise<void> {
    await new Client().get(path);
    expect(xCache(await new Client().get(path)), path).toBe("HIT");
  }

  async function fresh(path: string): Promise<string> {
    const res = await new Client().get(path);
    expect(xCache(res), path).toBe("MISS");
    return html(res);
  }

  it("an admin's edit on the product page form", async () => {
    const [amox] = await seedProducts([DEMO[0]]);
    const path = await productPath(amox.id);
    await cached("/");
    await cached(path);
    const admin = await signUp("Editing Admin", "admin");
    const form = imageForm(PNG_BYTES, "photo.png", {
      name: "Amoxicillin 500mg Capsules",
      category: "Antibiotics",
      price: "3100",
    });
    expect((await admin.client.postMultipart(`/admin/products/${amox.id}`, form)).status).toBe(302);
    expect(await fresh("/")).toContain("₦3,100.00");
    expect(await fresh(path)).toContain("₦3,100.00");
  });

  it("a price change through the API, a new product and a deletion", async () => {
    const [amox] = await seedProducts([DEMO[0]]);
    const admin = await signUp("API Admin", "admin");
    await cached("/shop");
    const patched = await new Client().fetch(`/api/products/${amox.id}`, {
      method: "PATCH",
      body: JSON.stringify({ price: 2750 }),
      headers: { "Content-Type": "application/json", ...bearer(admin) },
    });
    expect(patched.status).toBe(200);
    expect(await fresh("/shop")).toContain("₦2,750.00");

    await cached("/shop");
    await seedProducts([DEMO[2]]);
    expect(await fresh("/shop")).toContain("Coartem 80/480mg Tablets");

    await cached("/shop");
    const deleted = await new Client().fetch(`/api/products/${amox.id}`, {
      method: "DELETE",
      headers: bearer(admin),
    });
    expect(deleted.status).toBe(200);
    expect(await fresh("/shop")).not.toContain("Amoxicillin 500mg Capsules");
  });

  it("the stock an order takes and a cancel gives back", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    await env.DB.prepare("UPDATE products SET stock = 1 WHERE id = ?").bind(para.id).run();
    const path = await productPath(para.id);
    await cached(path);
    const order = await placeOrder(para.id);
    expect(await fresh(path)).toContain("Out of stock");

    await cached(path);
    const guest = new Client();
    expect((await guest.post(`/order/${order.accessToken}`, { intent: "cancel" })).status).toBe(302);
    const page = await fresh(path);
    expect(page).toContain("Only 1 left");
    expect(page).not.toContain("Out of stock");
  });
});

describe("a catalogue change within the time an isolate trusts its version", () => {
  /**
   * The Worker called in-process, as it runs deployed: its entry and the Remix build each bundle their own
   * copy of the catalogue version's module. The isolate trusts a version for a minute here (the other
   * tests trust it for 0 ms), so only a write handled by this isolate moves it on.
   */
  const trusting = { ...env, CATALOGUE_VERSION_TTL_MS: "60000" } as Env;
  const viaWorker = (path: string, init: RequestInit = {}) => callWorker(path, init, trusting);

  it("a write through this isolate: the next guest page shows it, and so does the copy kept of it", async () => {
    const [amox] = await seedProducts([DEMO[0]]);
    const admin = await signUp("Trusting Admin", "admin");
    const path = await productPath(amox.id);
    for (const page of ["/", path]) {
      await viaWorker(page);
      expect((await viaWorker(page)).cache, page).toBe("HIT");
    }

    const patched = await viaWorker(`/api/products/${amox.id}`, {
      method: "PATCH",
      body: JSON.stringify({ price: 2750 }),
      headers: { "Content-Type": "application/json", ...bearer(admin) },
    });
    expect(patched.status).toBe(200);

    for (const page of ["/", path]) {
      const next = await viaWorker(page);
      expect(next.cache, page).toBe("MISS");
      expect(next.body, page).toContain("₦2,750.00");
      const kept = await viaWorker(page);
      expect(kept.cache, page).toBe("HIT");
      expect(kept.body, page).toContain("₦2,750.00");
      expect(kept.body, page).not.toContain("₦2,500.00");
    }
  });
});

describe("a copy read back from the Cache API (a new isolate)", () => {
  const viaWorker = (path: string) => callWorker(path);

  it("is the same page with a fresh nonce, and none of the Cache API's own headers reach the browser", async () => {
    // A product of its own moves the catalogue version on: no copy of any page exists yet at the new one.
    // This isolate reads the version afresh (a test before may have had it trusted for a minute).
    forgetCatalogueVersion();
    const [syrup] = await seedProducts([
      { name: `Read-back Cough Syrup ${Date.now()}`, category: "Cough & Cold", priceKobo: 50000 },
    ]);
    for (const path of ["/", "/shop?q=syrup", await productPath(syrup.id)]) {
      const first = await viaWorker(path);
      expect(xCache(first.response), path).toBe("MISS");
      forgetPagesInMemory();
      const again = await viaWorker(path);
      expect(xCache(again.response), path).toBe("HIT");

      const a = nonces(first.response, first.body);
      const b = nonces(again.response, again.body);
      expect(b.csp, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(b.csp, path).not.toBe(a.csp);
      expect(new Set(b.inBody), path).toEqual(new Set([b.csp]));
      expect(again.body.replaceAll(b.csp!, "N"), path).toBe(first.body.replaceAll(a.csp!, "N"));

      const headers = again.response.headers;
      expect(headers.get("Cache-Control"), path).toBe("private, no-cache");
      expect(headers.has("Age"), path).toBe(false);
      expect(headers.has("CF-Cache-Status"), path).toBe(false);
      expect(headers.get("Content-Type"), path).toBe("text/html; charset=utf-8");
      expect(headers.get("Content-Length"), path).toBe(String(new TextEncoder().encode(again.body).length));

      // The copy read back is kept in memory again: the next hit is the same page.
      const third = await viaWorker(path);
      expect(xCache(third.response), path).toBe("HIT");
      const c = nonces(third.response, third.body);
      expect(third.body.replaceAll(c.csp!, "N"), path).toBe(first.body.replaceAll(a.csp!, "N"));
    }
  });
});

describe("a page's JavaScript waits for the first paint", () => {
  /** The modulepreload links and module scripts the browser would act on, and the sleeping ones. */
  function scripts(body: string) {
    return {
      awakePreloads: body.match(/<link[^>]*rel="modulepreload"/g)?.length ?? 0,
      awakeModules: body.match(/<script[^>]*type="module"/g)?.length ?? 0,
      sleepingPreloads:
        body.match(/<link[^>]*rel="medistore-after-paint-preload"[^>]*href="\/assets\/[^"]+\.js"/g)?.length ??
        0,
      sleepingModules: body.match(/<script[^>]*type="medistore\/after-paint"/g)?.length ?? 0,
      waker: body.includes("first-contentful-paint"),
    };
  }

  it("in every page, cached or rendered, guest or signed in: nothing fetched or run before the waker wakes it", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    const { client: signedIn } = await signUp();
    for (const [client, path] of [
      [new Client(), "/"],
      [new Client(), "/"],
      [new Client(), await productPath(para.id)],
      [new Client(), "/shop?q=para"],
      [new Client(), "/login"],
      [signedIn, "/dashboard"],
    ] as const) {
      const res = await client.get(path);
      expect(res.status, path).toBe(200);
      const found = scripts(await res.text());
      // The first guest request renders; the second comes from the cache.
      expect(found.awakePreloads, path).toBe(0);
      expect(found.awakeModules, path).toBe(0);
      expect(found.sleepingPreloads, path).toBeGreaterThan(0);
      expect(found.sleepingModules, path).toBe(1);
      expect(found.waker, path).toBe(true);
    }
  });
});
