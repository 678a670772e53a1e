/**
 * The stylesheets (app/styles): the small one inline in every page holds what the catalogue's pages use
 * (catalogue.css, the pages lib/route-policy.ts gives `inlineStylesheet`); every other shop page links the shop's whole sheet
 * after it (shop.css), the back office its own (back-office.css). Words of our code and comments that
 * Tailwind's scan would take for utilities (site.css, `@source not inline`) stay out of all of them.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Client, html, seedProducts, signUp } from "./helpers";

const inlineSheet = (page: string) =>
  /<style[^>]*data-inline-styles[^>]*>(.*?)<\/style>/s.exec(page)?.[1] ?? "";
const sheetLinks = (page: string) => page.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
const SHOP_LINK = /<link rel="stylesheet" href="\/assets\/shop-[\w-]+\.css"\/>/;
const BACK_OFFICE_LINK = /<link rel="stylesheet" href="\/assets\/back-office-[\w-]+\.css"\/>/;

/** Every class an element of the page carries. */
function classesOf(page: string): Set<string> {
  const found = new Set<string>();
  for (const [, list] of page.matchAll(/\sclass="([^"]*)"/g))
    for (const name of list.split(/\s+/)) if (name) found.add(name);
  return found;
}

/** A class as a CSS selector writes it (`md:grid-cols-2` is `.md\:grid-cols-2`). */
const selector = (name: string) => "." + name.replace(/[^\w-]/g, (c) => `\\${c}`);

/** Whether the sheet has a rule naming the class (not merely a longer class that starts like it). */
const hasRuleFor = (css: string, name: string) =>
  new RegExp(`${selector(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w\\\\-])`).test(css);

describe("the inline stylesheet", () => {
  it("holds no utility that only a word in our code asked for", async () => {
    const page = await html(await new Client().get("/"));
    const css = inlineSheet(page);
    expect(css.length).toBeGreaterThan(10_000);
    for (const rule of [
      ".transform{",
      ".transition{",
      ".filter{",
      ".table{",
      ".inline{",
      ".visible{",
      ".collapse{",
      ".static{",
    ])
      expect(css, rule).not.toContain(rule);
    expect(css).not.toContain("@property --tw-rotate-x");
    // The back office's and the account pages' rules are in their own sheets.
    expect(css).not.toContain(".order-row");
  });

  it("styles every class of the catalogue's pages, which link no other sheet", async () => {
    const [plain, rx, gone] = await seedProducts([
      { name: "Paracetamol 500mg Tablets", category: "Analgesics", priceKobo: 120_000 },
      { name: "Amoxicillin 500mg Capsules", category: "Antibiotics", priceKobo: 250_000 },
      { name: "Ibuprofen 400mg Tablets", category: "Nonsteroidal", priceKobo: 90_000 },
    ]);
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE products SET medicine_class = 'prescription', stock = 2, generic_name = 'Amoxicillin', strength = '500 mg', description = 'An antibiotic.', warnings = 'Finish the course.' WHERE id = ?",
      ).bind(rx.id),
      env.DB.prepare("UPDATE products SET stock = 0, medicine_class = 'pharmacy' WHERE id = ?").bind(gone.id),
    ]);
    const client = new Client();
    const saver = new Client();
    expect((await saver.post("/data-saver", { mode: "on", redirectTo: "/" })).status).toBe(303);
    const pages: [Client, string][] = [
      [client, "/"],
      [client, "/shop"],
      [client, "/shop?q=amox"],
      [client, "/shop?q=zzzz"],
      [client, "/shop?page=9"],
      [client, "/categories/analgesics"],
      [client, `/products/${plain.id}-paracetamol-500mg-tablets`],
      [client, `/products/${rx.id}-amoxicillin-500mg-capsules`],
      [client, `/products/${gone.id}-ibuprofen-400mg-tablets`],
      [client, "/no-such-page"],
      [saver, "/"],
      [saver, `/products/${rx.id}-amoxicillin-500mg-capsules`],
    ];
    // A guest with a cart: the header's badge and the drawer's lines.
    const buyer = new Client();
    expect((await buyer.post("/cart", { intent: "add", productId: String(plain.id) })).status).toBe(302);
    pages.push([buyer, "/"], [buyer, `/products/${plain.id}-paracetamol-500mg-tablets`]);

    const unstyled = new Set<string>();
    for (const [who, path] of pages) {
      const page = await html(await who.get(path));
      expect(sheetLinks(page), path).toEqual([]);
      const css = inlineSheet(page);
      for (const name of classesOf(page)) if (!hasRuleFor(css, name)) unstyled.add(`${name} (${path})`);
    }
    expect([...unstyled]).toEqual([]);
  });

  it("is followed, on every other shop page, by the shop's whole sheet", async () => {
    const customer = await signUp("Stylesheet Customer");
    for (const [who, path] of [
      [new Client(), "/cart"],
      [new Client(), "/checkout"],
      [new Client(), "/login"],
      [new Client(), "/register"],
      [new Client(), "/contact"],
      [new Client(), "/about"],
      [new Client(), "/delivery"],
      [new Client(), "/track"],
      [customer.client, "/dashboard"],
      [customer.client, "/account"],
    ] as const) {
      const response = await who.get(path);
      expect(response.status, path).toBe(200);
      const page = await html(response);
      const links = sheetLinks(page);
      expect(links, path).toHaveLength(1);
      expect(links[0], path).toMatch(SHOP_LINK);
      expect(page.indexOf(links[0]!), path).toBeGreaterThan(page.indexOf("data-inline-styles"));
    }
  });

  it("is followed on admin pages by the back office's own sheet, and by it alone", async () => {
    const admin = await signUp("Admin Stylesheet", "admin");
    const page = await html(await admin.client.get("/admin/orders"));
    expect(inlineSheet(page).length).toBeGreaterThan(10_000);
    const links = sheetLinks(page);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(BACK_OFFICE_LINK);
    expect(page.indexOf(links[0]!)).toBeGreaterThan(page.indexOf("data-inline-styles"));
  });
});
