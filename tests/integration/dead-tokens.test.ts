/**
 * A bearer token that is invalid, expired or revoked gets 401 on every API call, whatever the call and
 * method: a client that believes it is signed in must hear that it is not (an order it placed as a guest
 * would never show under its customer's orders). Without an Authorization header a request stays a guest's.
 * The calls are read from the built app's route manifest, so a new API route is covered without a list.
 */
import { env } from "cloudflare:test";
import * as build from "medistore-server-build";
import { describe, expect, it } from "vitest";
import { BEARER_TOKEN_DEAD } from "~/services/session.server";
import { bearer, Client, DEMO, GOOD_DETAILS, PNG_BYTES, seedProducts, signUp } from "./helpers";

type ManifestRoute = { id: string; path?: string; parentId?: string };
const routes = (build as unknown as { routes: Record<string, ManifestRoute> }).routes;

/** A route's URL: its own path below its parents', parameters filled in. */
function urlOf(route: ManifestRoute): string {
  const parts: string[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return `/${parts.join("/")}`.replace(/:[A-Za-z]+/g, "x-1").replace(/\*$/, "no-such-call");
}

const API_URLS = Object.values(routes)
  .filter((route) => route.id.startsWith("routes/api."))
  .map(urlOf);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

describe("a dead bearer token gets 401 on every API call", () => {
  it("the manifest has the API's calls", () => {
    expect(API_URLS).toEqual(
      expect.arrayContaining(["/api/orders/checkout", "/api/admins", "/api/products", "/api/no-such-call"]),
    );
    expect(API_URLS.length).toBeGreaterThanOrEqual(17);
  });

  it(
    "invalid, malformed, expired and revoked tokens, on every call and method",
    { timeout: 90_000 },
    async () => {
      const expired = await signUp("Expired Token");
      await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
        .bind(Date.now() - 1000, expired.id)
        .run();
      const revoked = await signUp("Revoked Token");
      // "Log out of all devices" ends the API token's session too.
      expect((await revoked.client.post("/account", { intent: "everywhere" })).status).toBe(302);
      const headers: Record<string, Record<string, string>> = {
        invalid: { Authorization: `Bearer ${"A".repeat(43)}` },
        malformed: { Authorization: "Bearer not!a!token" },
        "another scheme": { Authorization: "Basic YWRtaW46YWRtaW4=" },
        expired: bearer(expired),
        revoked: bearer(revoked),
      };
      // Every call with every method, and every call with each kind of dead credential.
      const tries = API_URLS.flatMap((url) => [
        ...METHODS.map((method) => ({ url, method, kind: "invalid" })),
        ...Object.keys(headers).map((kind) => ({ url, method: "POST", kind })),
      ]);
      for (const { url, method, kind } of tries) {
        const res = await new Client().fetch(url, {
          method,
          headers: { ...headers[kind], "Content-Type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        });
        expect(res.status, `${method} ${url} with a ${kind} token`).toBe(401);
        expect(await res.json()).toEqual({ message: BEARER_TOKEN_DEAD });
        expect(res.headers.get("WWW-Authenticate")).toBe('Bearer error="invalid_token"');
      }
    },
  );

  it("a checkout with a dead token records nothing; without the header it is a guest's order", async () => {
    const [product] = await seedProducts([DEMO[1]]);
    const customer = await signUp("Signed Out App");
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(customer.id).run();
    const body = { ...GOOD_DETAILS, items: [{ productId: product.id, quantity: 1 }] };
    const dead = await new Client().postJson("/api/orders/checkout", body, bearer(customer));
    expect(dead.status).toBe(401);
    const none = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>();
    expect(none!.n).toBe(0);

    const guest = await new Client().postJson("/api/orders/checkout", body);
    expect(guest.status).toBe(201);
    const live = await signUp("Signed In App");
    const signedIn = await new Client().postJson("/api/orders/checkout", body, bearer(live));
    expect(signedIn.status).toBe(201);
    const owners = await env.DB.prepare("SELECT user_id FROM orders ORDER BY created_at").all<{
      user_id: string | null;
    }>();
    expect(owners.results.map((o) => o.user_id)).toEqual([null, live.id]);
    // An empty header is no credential at all.
    expect((await new Client().get("/api/products", { Authorization: "" })).status).toBe(200);
  });

  it("a product edit with an admin's ended session changes nothing (its reads start beside the check)", async () => {
    const [product] = await seedProducts([DEMO[1]]);
    const admin = await signUp("Ended Admin", "admin");
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(admin.id).run();
    const res = await new Client().fetch(`/api/products/${product.id}`, {
      method: "PATCH",
      headers: { ...bearer(admin), "Content-Type": "application/json" },
      body: JSON.stringify({ price: 9999 }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: BEARER_TOKEN_DEAD });
    const row = await env.DB.prepare("SELECT price_kobo AS price FROM products WHERE id = ?")
      .bind(product.id)
      .first<{ price: number }>();
    expect(row!.price).toBe(product.priceKobo);
    const audit = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log").first<{ n: number }>();
    expect(audit!.n).toBe(0);
  });

  it("an upload with an ended session stores nothing, even beside the order's own link (its reads start beside the check)", async () => {
    const [product] = await seedProducts([DEMO[1]]);
    const customer = await signUp("Ended Uploader");
    const items = [{ productId: product.id, quantity: 1 }];
    const placed = await new Client().postJson(
      "/api/orders/checkout",
      { ...GOOD_DETAILS, deliveryState: "Kano", paymentMethod: "bank_transfer", items },
      bearer(customer),
    );
    expect(placed.status).toBe(201);
    const order = await env.DB.prepare("SELECT id, access_token AS token FROM orders").first<{
      id: string;
      token: string;
    }>();
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(customer.id).run();
    const photo = (field: string) => {
      const form = new FormData();
      form.set(field, new File([PNG_BYTES as Uint8Array<ArrayBuffer>], "photo.png", { type: "image/png" }));
      return form;
    };
    const receipt = (headers: Record<string, string>) =>
      new Client().fetch(`/api/orders/${order!.id}/receipt`, {
        method: "POST",
        body: photo("receipt"),
        headers: { "X-Order-Token": order!.token, ...headers },
      });
    const prescription = (user: { token: string }) =>
      new Client().fetch("/api/prescriptions/upload", {
        method: "POST",
        body: photo("image"),
        headers: bearer(user),
      });

    const deadReceipt = await receipt(bearer(customer));
    expect(deadReceipt.status).toBe(401);
    expect(await deadReceipt.json()).toEqual({ message: BEARER_TOKEN_DEAD });
    const deadPrescription = await prescription(customer);
    expect(deadPrescription.status).toBe(401);
    expect(await deadPrescription.json()).toEqual({ message: BEARER_TOKEN_DEAD });
    // The same uploads made live go all the way (so a refused one, had it gone on, would have landed too).
    expect((await receipt({})).status).toBe(201);
    expect((await prescription(await signUp("Live Uploader"))).status).toBe(201);

    const events = await env.DB.prepare(
      "SELECT from_status AS fromStatus FROM order_status_events WHERE order_id = ? AND kind = 'receipt'",
    )
      .bind(order!.id)
      .all<{ fromStatus: string }>();
    expect(events.results).toEqual([{ fromStatus: "none" }]);
    expect((await env.IMAGES.list({ prefix: "receipts/" })).objects).toHaveLength(1);
    const theirs = await env.DB.prepare("SELECT COUNT(*) AS n FROM prescriptions WHERE user_id = ?")
      .bind(customer.id)
      .first<{ n: number }>();
    expect(theirs!.n).toBe(0);
    expect((await env.IMAGES.list({ prefix: `prescriptions/${customer.id}/` })).objects).toEqual([]);
  });
});
