import { describe, expect, it } from "vitest";
import { Client, DEMO, ORIGIN, seedProducts } from "./helpers";

async function cartHtml(client: Client) {
  return (await client.get("/cart")).text();
}

describe("cart (no JavaScript: forms and redirects)", () => {
  it("adds, merges, sets, floors, removes and clears, keeping state in a signed HttpOnly cookie", async () => {
    const [amox, para] = await seedProducts(DEMO);
    const client = new Client();

    const add = await client.post("/cart", {
      intent: "add",
      productId: String(amox.id),
      redirectTo: "/shop?q=amox",
    });
    expect(add.status).toBe(302);
    expect(add.headers.get("Location")).toBe("/shop?q=amox");
    const setCookie = add.headers.getSetCookie().find((c) => c.startsWith("medistore_cart="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    // The flash toast is shown on the next page without JavaScript.
    const next = await (await client.get("/shop?q=amox")).text();
    expect(next).toContain("Amoxicillin 500mg Capsules added to cart");

    await client.post("/cart", { intent: "add", productId: String(amox.id), redirectTo: "/" });
    await client.post("/cart", { intent: "add", productId: String(para.id), redirectTo: "/" });
    let html = await cartHtml(client);
    // 2 × ₦2,500 + 1 × ₦1,200
    expect(html).toContain("₦6,200.00");

    await client.post("/cart", { intent: "set", productId: String(amox.id), qty: "4", redirectTo: "/cart" });
    expect(await cartHtml(client)).toContain("₦11,200.00");

    // An empty typed quantity becomes 1, zero and negatives floor at 1.
    await client.post("/cart", { intent: "set", productId: String(amox.id), qty: "", redirectTo: "/cart" });
    expect(await cartHtml(client)).toContain("₦3,700.00");
    await client.post("/cart", { intent: "set", productId: String(amox.id), qty: "-3", redirectTo: "/cart" });
    expect(await cartHtml(client)).toContain("₦3,700.00");

    await client.post("/cart", { intent: "remove", productId: String(amox.id), redirectTo: "/cart" });
    html = await cartHtml(client);
    expect(html).not.toContain("Amoxicillin 500mg Capsules</p>");
    expect(html).toContain("₦1,200.00");

    await client.post("/cart", { intent: "clear", redirectTo: "/cart" });
    expect(await cartHtml(client)).toContain("Your cart is empty.");
  });

  it("caps a line at 99 with a clear notice", async () => {
    const [amox] = await seedProducts(DEMO);
    const client = new Client();
    await client.post("/cart", { intent: "add", productId: String(amox.id) });
    await client.post("/cart", {
      intent: "set",
      productId: String(amox.id),
      qty: "500",
      redirectTo: "/cart",
    });
    const html = await cartHtml(client);
    expect(html).toContain("You can order at most 99 of Amoxicillin 500mg Capsules at once.");
    expect(html).toContain(`value="99"`);
  });

  it("refuses a 51st different product", async () => {
    const products = await seedProducts(
      Array.from({ length: 51 }, (_, i) => ({ name: `Product ${i}`, category: "General", priceKobo: 1000 })),
    );
    const client = new Client();
    for (const p of products.slice(0, 50))
      await client.post("/cart", { intent: "add", productId: String(p.id) });
    const res = await client.post("/cart", {
      intent: "add",
      productId: String(products[50].id),
      redirectTo: "/cart",
    });
    expect(res.status).toBe(302);
    expect(await cartHtml(client)).toContain("Your cart can hold at most 50 different products.");
  });

  it("answers enhanced (JavaScript) submissions with data instead of a redirect", async () => {
    const [amox] = await seedProducts(DEMO);
    const client = new Client();
    const res = await client.post("/cart.data", {
      intent: "add",
      productId: String(amox.id),
      _enhanced: "1",
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("medistore_cart="))).toBe(true);
  });

  it("applies a change sent again with the same id once, whatever the order it comes back in", async () => {
    const [amox, para] = await seedProducts(DEMO);
    const client = new Client();
    const send = (productId: number, changeId: string) =>
      client.post("/cart.data", { intent: "add", productId: String(productId), _enhanced: "1", changeId });

    // The answer to the first add was lost in the browser: the cookie it carries is never applied.
    const lost = new Client();
    for (const [name, value] of client.cookies) lost.cookies.set(name, value);
    expect(
      (
        await lost.post("/cart.data", {
          intent: "add",
          productId: String(amox.id),
          _enhanced: "1",
          changeId: "change-0001",
        })
      ).status,
    ).toBe(200);

    // The next page sends it again, then another change, then the first again (a second tab, a late retry).
    expect((await send(amox.id, "change-0001")).status).toBe(200);
    expect((await send(para.id, "change-0002")).status).toBe(200);
    const again = await send(amox.id, "change-0001");
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie().some((c) => c.startsWith("medistore_cart="))).toBe(false);
    // 1 × ₦2,500 + 1 × ₦1,200: each add counted once.
    expect(await cartHtml(client)).toContain("₦3,700.00");

    // A change without an id (no JavaScript, older pages) still applies every time.
    await client.post("/cart", { intent: "add", productId: String(amox.id) });
    expect(await cartHtml(client)).toContain("₦6,200.00");
  });

  it("ignores a tampered cookie (empty cart) and never trusts it", async () => {
    await seedProducts(DEMO);
    const client = new Client();
    client.cookies.set("medistore_cart", encodeURIComponent(btoa(JSON.stringify([[1, 5]]))) + ".forged");
    const html = await cartHtml(client);
    expect(html).toContain("Your cart is empty.");
  });

  it("drops products deleted from the catalogue, with a notice", async () => {
    const [amox, para] = await seedProducts(DEMO);
    const client = new Client();
    await client.post("/cart", { intent: "add", productId: String(amox.id) });
    await client.post("/cart", { intent: "add", productId: String(para.id) });
    const { env } = await import("cloudflare:test");
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(amox.id).run();
    const first = await client.get("/cart");
    const html = await first.text();
    expect(html).toContain("A product in your cart is no longer available and was removed.");
    expect(html).toContain("₦1,200.00");
    // The cookie was rewritten, so the notice does not repeat.
    expect(await cartHtml(client)).not.toContain("no longer available");
  });

  it("answers bad input with 400 (404 for an unknown product) and a message, never a 500", async () => {
    await seedProducts(DEMO);
    const client = new Client();
    const cases: [Record<string, string>, number][] = [
      [{}, 400],
      [{ intent: "explode" }, 400],
      [{ intent: "add" }, 400],
      [{ intent: "add", productId: "abc" }, 400],
      [{ intent: "add", productId: "99999" }, 404],
      [{ intent: "set", productId: "1e9", qty: "2" }, 400],
    ];
    for (const [fields, status] of cases) {
      const res = await client.post("/cart.data", { ...fields, _enhanced: "1" });
      expect(res.status, JSON.stringify(fields)).toBe(status);
    }
    // Without JavaScript an unreadable form still goes back to the cart, with the reason as a notice.
    const garbage = await client.fetch("/cart", {
      method: "POST",
      body: "\u0000\u0001 not a form",
      headers: { Origin: ORIGIN, "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(garbage.status).toBe(302);
    expect(garbage.headers.get("Location")).toBe("/cart");
    expect(await cartHtml(client)).toContain("We could not read that request. Please try again.");
  });

  it("refuses cart changes posted from another site", async () => {
    const [amox] = await seedProducts(DEMO);
    const client = new Client();
    const res = await client.post(
      "/cart",
      { intent: "add", productId: String(amox.id) },
      { Origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(client.cookies.has("medistore_cart")).toBe(false);
  });
});
