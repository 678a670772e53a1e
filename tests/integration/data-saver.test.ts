import { describe, expect, it } from "vitest";
import { Client, DEMO, html, ORIGIN, seedProducts } from "./helpers";

const WITH_IMAGES = DEMO.map((product, i) => ({ ...product, imageKey: `products/demo-${i}.webp` }));
/** Product pictures in a page's HTML (the only <img> a shopper page has). */
const productImages = (page: string) => page.match(/<img\b[^>]*>/g) ?? [];

describe("data saver toggle (POST /data-saver)", () => {
  it("turning it on sets the cookie for a year and goes back to the page it was on", async () => {
    const client = new Client();
    const res = await client.post("/data-saver", { mode: "on", redirectTo: "/shop?q=para#product-3" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/shop?q=para#product-3");
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^data_saver=on; /);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(client.cookies.get("data_saver")).toBe("on");
  });

  it("turning it off keeps the choice too (it then wins over the browser's Save-Data)", async () => {
    await seedProducts(WITH_IMAGES);
    const client = new Client();
    const res = await client.post("/data-saver", { mode: "off", redirectTo: "/" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Set-Cookie")).toMatch(/^data_saver=off; /);
    const page = await html(await client.get("/", { "Save-Data": "on" }));
    expect(productImages(page).length).toBeGreaterThan(0);
    expect(page).toContain("Data saver: off");
  });

  it.each(["https://evil.example/", "//evil.example/path", "/\\evil.example", "javascript:alert(1)", ""])(
    "sends a hostile or missing target %j home",
    async (redirectTo) => {
      const res = await new Client().post("/data-saver", { mode: "on", redirectTo });
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe("/");
    },
  );

  it("answers a mode other than on or off with 400 and sets nothing", async () => {
    const bad: Record<string, string>[] = [{ mode: "maybe" }, {}, { mode: "ON " }];
    for (const fields of bad) {
      const res = await new Client().post("/data-saver", { ...fields, redirectTo: "/" });
      expect(res.status).toBe(400);
      expect(res.headers.get("Set-Cookie")).toBeNull();
      expect(await res.json()).toEqual({ message: "Choose data saver on or off." });
    }
  });

  it("refuses a cross-site post (403) and sends a GET home", async () => {
    const client = new Client();
    const cross = await client.post("/data-saver", { mode: "on" }, { Origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(client.cookies.has("data_saver")).toBe(false);
    const get = await client.get("/data-saver");
    expect(get.status).toBe(302);
    expect(get.headers.get("Location")).toBe("/");
  });
});

describe("pages in data saver mode", () => {
  it("Save-Data: on leaves every product image out of the home page, says so, and drops the extras", async () => {
    await seedProducts(WITH_IMAGES);
    const normal = await html(await new Client().get("/"));
    expect(productImages(normal).length).toBeGreaterThan(0);
    expect(normal).toContain('class="typing-caret"');

    const res = await new Client().get("/", { "Save-Data": "on" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Vary")).toMatch(/Save-Data/);
    expect(res.headers.get("Vary")).toMatch(/Cookie/);
    const saver = await html(res);
    expect(productImages(saver)).toEqual([]);
    expect(saver).toContain("Data saver is on");
    expect(saver).toContain("Data saver: on");
    // Every product is still there by name, with its Add to cart.
    for (const { name } of DEMO) expect(saver).toContain(`aria-label="Add to cart: ${name}"`);
    // Nothing optional: no typing effect, no floating WhatsApp button.
    expect(saver).not.toContain('class="typing-caret"');
    expect(saver.match(/Talk to us on WhatsApp/g)?.length).toBeLessThan(
      normal.match(/Talk to us on WhatsApp/g)?.length ?? 0,
    );
    expect(saver.length).toBeLessThan(normal.length);
  });

  it("the cookie alone turns it on for search results and product pages; a product page offers its image", async () => {
    const [product] = await seedProducts(WITH_IMAGES);
    const client = new Client();
    await client.post("/data-saver", { mode: "on", redirectTo: "/" });
    const search = await html(await client.get("/shop?q=amox"));
    expect(search).toContain("Amoxicillin 500mg Capsules");
    expect(productImages(search)).toEqual([]);

    const found = await client.get(`/products/${product.id}`);
    const path = found.status === 301 ? new URL(found.headers.get("Location")!, ORIGIN).pathname : "";
    const page = await html(await client.get(path));
    expect(productImages(page)).toEqual([]);
    expect(page).toContain(">Show image</a>");
    const shown = await html(await client.get(`${path}?image=1`));
    expect(productImages(shown)).toHaveLength(1);
  });

  it("a Save-Data header other than on changes nothing", async () => {
    await seedProducts(WITH_IMAGES);
    const page = await html(await new Client().get("/", { "Save-Data": "off" }));
    expect(productImages(page).length).toBeGreaterThan(0);
    expect(page).not.toContain("Data saver is on");
  });
});
