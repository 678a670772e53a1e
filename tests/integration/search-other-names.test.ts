/**
 * Other names ("also known as") an admin gives a product, in the editor and through
 * `PATCH /api/products/{id}`: checked, stored, searched at once (cached guest pages included), corrected
 * when misspelt, and refused to anyone but an admin.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OTHER_NAMES_MESSAGES } from "~/lib/validation";
import { bearer, Client, DEMO, html, seedProducts, signUp } from "./helpers";

const names = async (q: string, client = new Client()) => {
  const res = await client.get(`/api/products?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { name: string }[]).map((p) => p.name);
};

/** The names a guest's search page shows (the page the edge cache keeps). */
const pageNames = async (q: string) =>
  [
    ...(await html(await new Client().get(`/shop?q=${encodeURIComponent(q)}`))).matchAll(
      /aria-label="Add to cart: ([^"]+)"/g,
    ),
  ].map((m) => m[1]);

function patch(client: Client, id: number, body: unknown, headers: HeadersInit = {}) {
  return client.fetch(`/api/products/${id}`, {
    method: "PATCH",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...headers },
  });
}

const version = async () =>
  (await env.DB.prepare("SELECT version FROM catalogue_version WHERE id = 1").first<{ version: number }>())!
    .version;

const wordCount = async (word: string) =>
  (
    await env.DB.prepare("SELECT products FROM search_words WHERE word = ?")
      .bind(word)
      .first<{ products: number }>()
  )?.products ?? null;

describe("other names through PATCH /api/products/{id}", () => {
  it("are stored as a list, searched at once, on cached pages too, and cleared by null", async () => {
    const admin = await signUp("Names Admin", "admin");
    const [para] = await seedProducts([DEMO[1]]);
    // A guest's search page, kept by the edge cache, before the change.
    expect(await pageNames("zerodol")).toEqual([]);
    const before = await version();

    const res = await patch(
      new Client(),
      para.id,
      { alsoKnownAs: [" Zerodol ", "Pain  Away", "zerodol"] },
      bearer(admin),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { product: { alsoKnownAs: string[] } };
    // Spaces tidied, a name given twice (whatever its case) kept once.
    expect(body.product.alsoKnownAs).toEqual(["Zerodol", "Pain Away"]);
    expect(await version()).not.toBe(before);

    expect(await names("zerodol")).toEqual([DEMO[1].name]);
    expect(await names("pain away")).toEqual([DEMO[1].name]);
    expect(await pageNames("zerodol")).toEqual([DEMO[1].name]);
    // Misspelt, the new name is found as any other word of the catalogue.
    expect(await names("zerodoll")).toEqual([DEMO[1].name]);
    expect(await wordCount("zerodol")).toBe(1);
    const api = (await (await new Client().get("/api/products")).json()) as { alsoKnownAs: string[] }[];
    expect(api[0]!.alsoKnownAs).toEqual(["Zerodol", "Pain Away"]);

    const cleared = await patch(new Client(), para.id, { alsoKnownAs: null }, bearer(admin));
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as { product: { alsoKnownAs: string[] } }).product.alsoKnownAs).toEqual(
      [],
    );
    expect(await names("zerodol")).toEqual([]);
    expect(await pageNames("zerodol")).toEqual([]);
    expect(await wordCount("zerodol")).toBe(0);
  });

  it.each([
    [{ alsoKnownAs: "Zerodol" }, OTHER_NAMES_MESSAGES.list],
    [{ alsoKnownAs: [12] }, OTHER_NAMES_MESSAGES.list],
    [{ alsoKnownAs: ["ab"] }, OTHER_NAMES_MESSAGES.length],
    [{ alsoKnownAs: ["x".repeat(51)] }, OTHER_NAMES_MESSAGES.length],
    [{ alsoKnownAs: ["Amoxicillin, clavulanate"] }, OTHER_NAMES_MESSAGES.separators],
    [{ alsoKnownAs: ["One\nTwo"] }, OTHER_NAMES_MESSAGES.separators],
    [{ alsoKnownAs: Array.from({ length: 21 }, (_, i) => `Name ${i}`) }, OTHER_NAMES_MESSAGES.tooMany],
  ])("refuses %j with 400 and the reason, nothing changed", async (body, message) => {
    const admin = await signUp("Strict Admin", "admin");
    const [para] = await seedProducts([DEMO[1]]);
    const res = await patch(new Client(), para.id, body, bearer(admin));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(`alsoKnownAs: ${message}`);
    const row = await env.DB.prepare("SELECT also_known_as FROM products WHERE id = ?").bind(para.id).first();
    expect(row).toEqual({ also_known_as: null });
  });

  it("answers a guest 401 and a customer 403, nothing changed", async () => {
    const customer = await signUp("Curious Customer");
    const [para] = await seedProducts([DEMO[1]]);
    expect((await patch(new Client(), para.id, { alsoKnownAs: ["Zerodol"] })).status).toBe(401);
    const denied = await patch(new Client(), para.id, { alsoKnownAs: ["Zerodol"] }, bearer(customer));
    expect(denied.status).toBe(403);
    expect(await names("zerodol")).toEqual([]);
  });
});

describe("other names in the product editor", () => {
  const EDIT = { name: "Paracetamol 500mg Tablets", category: "Analgesics", price: "1200" };
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return body;
  };

  it("takes one name a line or separated by commas, shows them again, and search finds them", async () => {
    const admin = await signUp("Editor Admin", "admin");
    const [para] = await seedProducts([DEMO[1]]);
    const page = await html(await admin.client.get(`/admin/products/${para.id}`));
    expect(page).toContain('name="alsoKnownAs"');

    const saved = await admin.client.postMultipart(
      `/admin/products/${para.id}`,
      form({ ...EDIT, alsoKnownAs: "Tylenol\nAcetaminophen, Kiddy Calm" }),
    );
    expect(saved.status).toBe(302);
    expect(await names("kiddy calm")).toEqual([EDIT.name]);
    expect(await names("tylenol")).toEqual([EDIT.name]);
    const again = await html(await admin.client.get(`/admin/products/${para.id}`));
    expect(again).toContain("Tylenol\nAcetaminophen\nKiddy Calm</textarea>");
    // The product's page says them too.
    const product = await html(await new Client().get(`/products/${para.id}-paracetamol-500mg-tablets`));
    expect(product).toContain("Also known as Tylenol, Acetaminophen, Kiddy Calm");

    // An empty box clears them.
    await admin.client.postMultipart(`/admin/products/${para.id}`, form({ ...EDIT, alsoKnownAs: "" }));
    expect(await names("tylenol")).toEqual([]);
  });

  it("refuses a bad name with 400, the reason shown and what was typed kept", async () => {
    const admin = await signUp("Careful Admin", "admin");
    const [para] = await seedProducts([DEMO[1]]);
    const res = await admin.client.postMultipart(
      `/admin/products/${para.id}`,
      form({ ...EDIT, alsoKnownAs: "Tylenol\nab" }),
    );
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain(OTHER_NAMES_MESSAGES.length);
    expect(page).toContain("Tylenol\nab</textarea>");
    expect(await names("tylenol")).toEqual([]);
  });

  it("is refused to a customer (403) and sends a guest to log in", async () => {
    const customer = await signUp("Nosy Customer");
    const [para] = await seedProducts([DEMO[1]]);
    const denied = await customer.client.postMultipart(
      `/admin/products/${para.id}`,
      form({ ...EDIT, alsoKnownAs: "Tylenol" }),
    );
    expect(denied.status).toBe(403);
    const guest = await new Client().postMultipart(
      `/admin/products/${para.id}`,
      form({ ...EDIT, alsoKnownAs: "Tylenol" }),
    );
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(await names("tylenol")).toEqual([]);
  });
});
