/**
 * The catalogue's medicine information: PATCH /api/products/{id}, the list API's fields, product pages,
 * category listings, generic-name search, out-of-stock refusals and the admin editor.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bearer, Client, DEMO, html, ORIGIN, PNG_BYTES, seedProducts, signUp } from "./helpers";

type ApiProduct = Record<string, unknown> & { _id: string; url: string };

const NAFDAC_MESSAGE =
  "The NAFDAC number must look like A4-1234 or 04-5678: up to 3 letters or digits, a dash, then 4 to 6 digits.";
const STOCK_MESSAGE = "Stock must be a whole number from 0 to 1,000,000, or empty when it is not counted.";

async function setProduct(id: number, columns: Record<string, string | number | null>) {
  const names = Object.keys(columns);
  await env.DB.prepare(`UPDATE products SET ${names.map((n) => `${n} = ?`).join(", ")} WHERE id = ?`)
    .bind(...names.map((n) => columns[n]), id)
    .run();
}

async function row(id: number) {
  return env.DB.prepare("SELECT * FROM products WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

function patch(client: Client, id: number | string, body: unknown, headers: HeadersInit = {}) {
  return client.fetch(`/api/products/${id}`, {
    method: "PATCH",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...headers },
  });
}

const FULL_EDIT = {
  name: "Emzor Paracetamol 500mg Tablets (Pack of 96)",
  category: "Analgesics",
  price: 1350.5,
  genericName: "Paracetamol",
  strength: "500 mg",
  dosageForm: "Tablet",
  packSize: "8 x 12 tablets",
  manufacturer: "Emzor Pharmaceutical Industries",
  nafdacNumber: "a4-0321",
  medicineClass: "pharmacy",
  description: "Relieves mild to moderate pain and fever.",
  directions: "Adults: 1 to 2 tablets every 4 to 6 hours.",
  warnings: "Do not take more than 8 tablets in 24 hours.",
  stock: 42,
};

describe("PATCH /api/products/{id}", () => {
  it("edits every field, alone or together, and answers the product as the list shows it", async () => {
    const admin = await signUp("Patching Admin", "admin");
    const [para] = await seedProducts([DEMO[1]]);
    const client = new Client();

    const all = await patch(client, para.id, FULL_EDIT, bearer(admin));
    expect(all.status).toBe(200);
    const body = (await all.json()) as { message: string; product: ApiProduct };
    expect(body.message).toBe("Product updated successfully");
    expect(body.product).toMatchObject({
      _id: String(para.id),
      name: FULL_EDIT.name,
      price: 1350.5,
      genericName: "Paracetamol",
      nafdacNumber: "A4-0321",
      medicineClass: "pharmacy",
      prescriptionOnly: false,
      stock: 42,
      inStock: true,
      url: `/products/${para.id}-emzor-paracetamol-500mg-tablets-pack-of-96`,
    });
    expect(await row(para.id)).toMatchObject({
      name: FULL_EDIT.name,
      price_kobo: 135_050,
      generic_name: "Paracetamol",
      strength: "500 mg",
      dosage_form: "Tablet",
      pack_size: "8 x 12 tablets",
      manufacturer: "Emzor Pharmaceutical Industries",
      nafdac_number: "A4-0321",
      medicine_class: "pharmacy",
      description: FULL_EDIT.description,
      directions: FULL_EDIT.directions,
      warnings: FULL_EDIT.warnings,
      stock: 42,
    });

    // One field at a time leaves the others alone.
    const single: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ stock: 0 }, { stock: 0 }],
      [{ stock: null }, { stock: null }],
      [{ nafdacNumber: null }, { nafdac_number: null }],
      [{ nafdacNumber: "04-5678" }, { nafdac_number: "04-5678" }],
      [{ genericName: "  " }, { generic_name: null }],
      [{ warnings: null }, { warnings: null }],
      [{ category: "Nonsteroidal" }, { category: "Nonsteroidal" }],
      [{ price: 900 }, { price_kobo: 90_000 }],
      [{ medicineClass: "otc" }, { medicine_class: "otc" }],
      [{ prescriptionOnly: true }, { medicine_class: "prescription" }],
      [{ prescriptionOnly: false }, { medicine_class: "otc" }],
      [{ medicineClass: "pharmacy" }, { medicine_class: "pharmacy" }],
      // false on a pharmacy medicine keeps it a pharmacy medicine: it was never prescription-only.
      [{ prescriptionOnly: false }, { medicine_class: "pharmacy" }],
      [{ medicineClass: "prescription", prescriptionOnly: true }, { medicine_class: "prescription" }],
    ];
    for (const [change, expected] of single) {
      const res = await patch(client, para.id, change, bearer(admin));
      expect(res.status, JSON.stringify(change)).toBe(200);
      expect(await row(para.id), JSON.stringify(change)).toMatchObject({
        ...expected,
        strength: "500 mg",
        manufacturer: "Emzor Pharmaceutical Industries",
      });
    }
    const listed = (await (await client.get("/api/products")).json()) as ApiProduct[];
    expect(listed[0]).toMatchObject({ prescriptionOnly: true, medicineClass: "prescription" });
  });

  it.each([
    [{ nafdacNumber: "12345" }, `nafdacNumber: ${NAFDAC_MESSAGE}`],
    [{ nafdacNumber: "ABCD-1234" }, `nafdacNumber: ${NAFDAC_MESSAGE}`],
    [{ nafdacNumber: "A4-12" }, `nafdacNumber: ${NAFDAC_MESSAGE}`],
    [{ nafdacNumber: 1234 }, `nafdacNumber: ${NAFDAC_MESSAGE}`],
    [{ stock: -1 }, `stock: ${STOCK_MESSAGE}`],
    [{ stock: 2.5 }, `stock: ${STOCK_MESSAGE}`],
    [{ stock: "5" }, `stock: ${STOCK_MESSAGE}`],
    [{ stock: 1_000_001 }, `stock: ${STOCK_MESSAGE}`],
    [
      { medicineClass: "controlled" },
      "medicineClass: The medicine class must be otc, pharmacy or prescription.",
    ],
    [{ medicineClass: null }, "medicineClass: The medicine class must be otc, pharmacy or prescription."],
    [{ prescriptionOnly: "yes" }, "prescriptionOnly: prescriptionOnly must be true or false."],
    [
      { prescriptionOnly: true, medicineClass: "otc" },
      'prescriptionOnly: prescriptionOnly and medicineClass disagree: prescriptionOnly true means medicineClass "prescription".',
    ],
    [{ price: 0 }, "price: The price must be more than ₦0 and at most ₦10,000,000."],
    [{ price: "1500" }, "price: The price must be a number in naira, like 1500 or 1500.50."],
    [{ price: 10.001 }, "price: The price must be a number in naira, like 1500 or 1500.50."],
    [{ name: "" }, "name: Please enter the product name."],
    [{ category: "Snake Oil" }, "category: Please choose a category from the list."],
    [{ genericName: 5 }, "genericName: The generic name must be text (or null to clear it)."],
    [{ description: "x".repeat(2001) }, "description: Please keep the description under 2,000 characters."],
    [
      { stock: 3, colour: "red", _id: "9" },
      "Unknown fields: colour, _id. Fields that can be edited: name, category, price, genericName, strength, dosageForm, packSize, manufacturer, nafdacNumber, medicineClass, description, directions, warnings, alsoKnownAs, stock, prescriptionOnly.",
    ],
    [
      {},
      "Send a JSON object with one or more of: name, category, price, genericName, strength, dosageForm, packSize, manufacturer, nafdacNumber, medicineClass, description, directions, warnings, alsoKnownAs, stock, prescriptionOnly.",
    ],
    [
      [1, 2],
      "Send a JSON object with one or more of: name, category, price, genericName, strength, dosageForm, packSize, manufacturer, nafdacNumber, medicineClass, description, directions, warnings, alsoKnownAs, stock, prescriptionOnly.",
    ],
    ["{not json", "The request body is not valid JSON."],
  ])("bad PATCH #%# → 400 with the reason, nothing changed", async (body, message) => {
    const owner = await signUp("Strict Admin", "admin");
    const [para] = await seedProducts([DEMO[1]]);
    await setProduct(para.id, { stock: 7, nafdac_number: "A4-1111" });
    const before = await row(para.id);
    const res = await patch(new Client(), para.id, body, bearer(owner));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
    expect(await row(para.id)).toEqual(before);
  });

  it("401 without a token, 403 for a customer, 404 for an unknown id, 415 for a form body", async () => {
    const owner = await signUp("Guarding Admin", "admin");
    const customer = await signUp("Curious Customer");
    const [para] = await seedProducts([DEMO[1]]);
    const client = new Client();
    expect((await patch(client, para.id, { stock: 1 })).status).toBe(401);
    const denied = await patch(client, para.id, { stock: 1 }, bearer(customer));
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { message: string }).message).toBe("Access denied: Admins only");
    const missing = await patch(client, 999_999, { stock: 1 }, bearer(owner));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe(
      "That product does not exist (it may have been deleted).",
    );
    expect((await patch(client, "abc", { stock: 1 }, bearer(owner))).status).toBe(404);
    const form = await client.fetch(`/api/products/${para.id}`, {
      method: "PATCH",
      body: new URLSearchParams({ stock: "1" }),
      headers: { ...bearer(owner), "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect((await row(para.id))?.stock).toBeNull();
    // The other methods are as they were.
    const get = await client.get(`/api/products/${para.id}`);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("PATCH, DELETE");
  });
});

describe("GET /api/products", () => {
  it("gives prescriptionOnly, nafdacNumber, inStock and the page's url", async () => {
    const [amox, para] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicine_class: "prescription", nafdac_number: "A4-0999", stock: 0 });
    await setProduct(para.id, { stock: 3 });
    const list = (await (await new Client().get("/api/products")).json()) as ApiProduct[];
    const byName = Object.fromEntries(list.map((p) => [p.name, p]));
    expect(byName[amox.name]).toMatchObject({
      prescriptionOnly: true,
      nafdacNumber: "A4-0999",
      inStock: false,
      stock: 0,
      url: `/products/${amox.id}-amoxicillin-500mg-capsules`,
    });
    expect(byName[para.name]).toMatchObject({ prescriptionOnly: false, nafdacNumber: null, inStock: true });
    expect(byName["Coartem 80/480mg Tablets"]).toMatchObject({ inStock: true, stock: null });
  });
});

describe("product page", () => {
  it("shows every field, the class, the stock, Add to cart, the category and the NAFDAC note", async () => {
    const [para] = await seedProducts([{ ...DEMO[1], imageKey: "products/seed/para.webp" }]);
    await setProduct(para.id, {
      generic_name: "Paracetamol",
      strength: "500 mg",
      dosage_form: "Tablet",
      pack_size: "8 x 12 tablets",
      manufacturer: "Emzor Pharmaceutical Industries",
      nafdac_number: "A4-0321",
      medicine_class: "pharmacy",
      description: "Relieves pain & fever.",
      directions: "Adults: 1 to 2 tablets every 4 to 6 hours.",
      warnings: "Do not take more than 8 tablets in 24 hours.",
      stock: 4,
    });
    const res = await new Client().get(`/products/${para.id}-paracetamol-500mg-tablets`);
    expect(res.status).toBe(200);
    const page = await html(res);
    for (const text of [
      "<h1",
      "Paracetamol 500mg Tablets",
      "₦1,200.00",
      'src="/images/products/seed/para.webp"',
      "500 mg",
      "8 x 12 tablets",
      "Emzor Pharmaceutical Industries",
      "A4-0321",
      "Relieves pain &amp; fever.",
      "Adults: 1 to 2 tablets every 4 to 6 hours.",
      "Do not take more than 8 tablets in 24 hours.",
      "Pharmacist advice",
      "Only 4 left",
      `aria-label="Add to cart: Paracetamol 500mg Tablets"`,
      'href="/categories/analgesics"',
      "How to check a NAFDAC number",
      `<link rel="canonical" href="${ORIGIN}/products/${para.id}-paracetamol-500mg-tablets"/>`,
    ]) {
      expect(page, text).toContain(text);
    }
    expect(page).not.toContain("Prescription required");
  });

  it("carries schema.org Product data with the offer in naira, '<' escaped", async () => {
    const [para] = await seedProducts([{ ...DEMO[1], imageKey: "products/seed/para.webp" }]);
    await setProduct(para.id, {
      manufacturer: "Emzor",
      description: "Not a </script><script>alert(1)</script> tag",
    });
    const page = await (await new Client().get(`/products/${para.id}-paracetamol-500mg-tablets`)).text();
    const match = /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(page);
    expect(match).not.toBeNull();
    expect(match![0]).toMatch(/nonce="[^"]+"/);
    expect(match![1]).toContain("\\u003c/script>");
    expect(JSON.parse(match![1])).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Paracetamol 500mg Tablets",
      url: `${ORIGIN}/products/${para.id}-paracetamol-500mg-tablets`,
      image: `${ORIGIN}/images/products/seed/para.webp`,
      description: "Not a </script><script>alert(1)</script> tag",
      category: "Analgesics",
      brand: { "@type": "Brand", name: "Emzor" },
      offers: {
        "@type": "Offer",
        url: `${ORIGIN}/products/${para.id}-paracetamol-500mg-tablets`,
        price: "1200.00",
        priceCurrency: "NGN",
        availability: "https://schema.org/InStock",
      },
    });
  });

  it("sends other spellings to the canonical path (301) and unknown ids to the 404 page", async () => {
    const [amox] = await seedProducts([DEMO[0]]);
    const client = new Client();
    const canonical = `/products/${amox.id}-amoxicillin-500mg-capsules`;
    for (const path of [`/products/${amox.id}`, `/products/${amox.id}-old-name`, `/products/${amox.id}-`]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get("Location"), path).toBe(canonical);
    }
    const withQuery = await client.get(`/products/${amox.id}?ref=whatsapp`);
    expect(withQuery.headers.get("Location")).toBe(`${canonical}?ref=whatsapp`);
    for (const path of ["/products/999999-nothing", "/products/abc", "/products/0"]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(404);
      expect(await html(res), path).toContain("We could not find that medicine.");
    }
  });

  it("a prescription-only medicine says so; an out-of-stock one has no Add to cart", async () => {
    const [amox] = await seedProducts([DEMO[0]]);
    await setProduct(amox.id, { medicine_class: "prescription", stock: 0 });
    const page = await html(await new Client().get(`/products/${amox.id}-amoxicillin-500mg-capsules`));
    expect(page).toContain("Prescription required");
    expect(page).toContain("A pharmacist checks your prescription before this medicine is dispatched.");
    expect(page).toContain("Out of stock");
    expect(page).not.toContain("Add to cart: Amoxicillin");
    expect(page).toContain("https://schema.org/OutOfStock");
    // The grid says the same.
    const grid = await html(await new Client().get("/shop"));
    expect(grid).toContain("Prescription required");
    expect(grid).toContain("Out of stock");
    expect(grid).not.toContain("Add to cart: Amoxicillin");
    expect(grid).toContain(`href="/products/${amox.id}-amoxicillin-500mg-capsules"`);
  });
});

describe("category listings", () => {
  it("lists a category's products, paged, linked from /shop; search stays inside it", async () => {
    await seedProducts([
      ...Array.from({ length: 30 }, (_, i) => ({
        name: `Antibiotic ${String(i).padStart(2, "0")} Capsules`,
        category: "Antibiotics",
        priceKobo: 100_000,
      })),
      { name: "Paracetamol 500mg Tablets", category: "Analgesics", priceKobo: 120_000 },
      { name: "Antibiotic Cream", category: "Topical Preparations", priceKobo: 90_000 },
    ]);
    const client = new Client();
    const shop = await html(await client.get("/shop"));
    expect(shop).toContain('href="/categories/antibiotics"');
    expect(shop).toContain('href="/categories/topical-preparations"');
    // A category with no products has no listing.
    expect(shop).not.toContain('href="/categories/vaccines"');

    const first = await html(await client.get("/categories/antibiotics"));
    expect(first).toMatch(/<h1[^>]*>Antibiotics<\/h1>/);
    expect(first.match(/aria-label="Add to cart: /g)).toHaveLength(24);
    expect(first).not.toContain("Paracetamol");
    expect(first).toContain('href="/categories/antibiotics?page=2"');
    expect(first).toMatch(/<form[^>]*action="\/categories\/antibiotics"/);

    const second = await html(await client.get("/categories/antibiotics?page=2"));
    expect(second.match(/aria-label="Add to cart: /g)).toHaveLength(6);
    expect(second).toContain('href="/categories/antibiotics"');

    const search = await html(await client.get("/categories/antibiotics?q=07"));
    expect(search.match(/aria-label="Add to cart: [^"]+"/g)).toEqual([
      'aria-label="Add to cart: Antibiotic 07 Capsules"',
    ]);
    const outside = await html(await client.get("/categories/antibiotics?q=cream"));
    expect(outside).toContain("No medicines match “cream”.");
  });

  it("an unknown or empty category is the 404 page", async () => {
    await seedProducts([DEMO[0]]);
    for (const path of ["/categories/snake-oil", "/categories/vaccines", "/categories/ANTIBIOTICS"]) {
      const res = await new Client().get(path);
      expect(res.status, path).toBe(404);
      expect(await html(res)).toContain("We could not find that category.");
    }
  });
});

describe("search by generic name", () => {
  it('"paracetamol" finds a branded paracetamol, in the pages and the API', async () => {
    const [panadol] = await seedProducts([
      { name: "Panadol Extra Tablets", category: "Analgesics", priceKobo: 190_000 },
      { name: "Amoxil Capsules", category: "Antibiotics", priceKobo: 250_000 },
    ]);
    await setProduct(panadol.id, { generic_name: "Paracetamol, Caffeine" });
    const client = new Client();
    const names = async (path: string) =>
      [...(await html(await client.get(path))).matchAll(/aria-label="Add to cart: ([^"]+)"/g)].map(
        (m) => m[1],
      );
    expect(await names("/shop?q=paracetamol")).toEqual(["Panadol Extra Tablets"]);
    expect(await names("/shop?q=CAFFEINE")).toEqual(["Panadol Extra Tablets"]);
    const api = (await (await client.get("/api/products?q=paracetamol")).json()) as ApiProduct[];
    expect(api.map((p) => p.name)).toEqual(["Panadol Extra Tablets"]);
    // Renaming the generic name moves it in the index too.
    await setProduct(panadol.id, { generic_name: "Acetaminophen" });
    expect(await names("/shop?q=paracetamol")).toEqual([]);
    expect(await names("/shop?q=acetaminophen")).toEqual(["Panadol Extra Tablets"]);
  });
});

describe("out of stock in the cart", () => {
  it("is refused with a clear message, with JavaScript (409) and without (redirect and toast)", async () => {
    const [amox] = await seedProducts([DEMO[0]]);
    await setProduct(amox.id, { stock: 0 });
    const client = new Client();
    const enhanced = await client.post("/cart", {
      intent: "add",
      productId: String(amox.id),
      _enhanced: "1",
    });
    expect(enhanced.status).toBe(409);
    expect(await enhanced.text()).toContain("Sorry, Amoxicillin 500mg Capsules is out of stock.");
    expect(client.cookies.has("medistore_cart")).toBe(false);

    const plain = await client.post("/cart", {
      intent: "add",
      productId: String(amox.id),
      redirectTo: `/products/${amox.id}-amoxicillin-500mg-capsules#add-to-cart`,
    });
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(`/products/${amox.id}-amoxicillin-500mg-capsules#add-to-cart`);
    const after = await html(await client.get(`/products/${amox.id}-amoxicillin-500mg-capsules`));
    expect(after).toContain("Sorry, Amoxicillin 500mg Capsules is out of stock.");
    expect(await html(await client.get("/cart"))).toContain("Your cart is empty");
  });

  it("caps a line at the stock left, saying so", async () => {
    const [amox] = await seedProducts([DEMO[0]]);
    await setProduct(amox.id, { stock: 2 });
    const client = new Client();
    await client.post("/cart", { intent: "add", productId: String(amox.id) });
    const res = await client.post("/cart", {
      intent: "set",
      productId: String(amox.id),
      qty: "5",
      _enhanced: "1",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Only 2 of Amoxicillin 500mg Capsules left: your cart now has 2.");
    // 2 × ₦2,500
    expect(await html(await client.get("/cart"))).toContain("₦5,000.00");
  });
});

describe("admin editor", () => {
  const EDIT = {
    name: "Panadol Extra (Pack of 16)",
    category: "Analgesics",
    price: "1,900",
    genericName: "Paracetamol, Caffeine",
    strength: "500 mg / 65 mg",
    dosageForm: "Caplet",
    packSize: "2 x 8 caplets",
    manufacturer: "GSK",
    nafdacNumber: "04-1234",
    medicineClass: "pharmacy",
    description: "For headaches.",
    directions: "Two caplets up to four times a day.",
    warnings: "Contains caffeine.",
    stock: "12",
  };

  function form(fields: Record<string, string>) {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return body;
  }

  it("shows and saves every field, grouped, and clears the ones sent empty", async () => {
    const admin = await signUp("Editor Admin", "admin");
    const [para] = await seedProducts([DEMO[1]]);
    const page = await html(await admin.client.get(`/admin/products/${para.id}`));
    for (const legend of ["Basics", "Medicine information", "Stock"]) expect(page).toContain(legend);
    for (const name of Object.keys(EDIT)) expect(page, name).toContain(`name="${name}"`);

    const saved = await admin.client.postMultipart(`/admin/products/${para.id}`, form(EDIT));
    expect(saved.status).toBe(302);
    expect(await row(para.id)).toMatchObject({
      name: EDIT.name,
      price_kobo: 190_000,
      generic_name: EDIT.genericName,
      strength: EDIT.strength,
      dosage_form: EDIT.dosageForm,
      pack_size: EDIT.packSize,
      manufacturer: "GSK",
      nafdac_number: "04-1234",
      medicine_class: "pharmacy",
      description: EDIT.description,
      directions: EDIT.directions,
      warnings: EDIT.warnings,
      stock: 12,
    });
    const again = await html(await admin.client.get(`/admin/products/${para.id}`));
    expect(again).toContain('value="04-1234"');
    expect(again).toMatch(/<option value="pharmacy" selected="">/);
    expect(again).toContain('value="12"');

    await admin.client.postMultipart(
      `/admin/products/${para.id}`,
      form({ ...EDIT, stock: "", nafdacNumber: "", warnings: "", medicineClass: "prescription" }),
    );
    expect(await row(para.id)).toMatchObject({
      stock: null,
      nafdac_number: null,
      warnings: null,
      medicine_class: "prescription",
      manufacturer: "GSK",
    });

    const list = await html(await admin.client.get("/admin/products"));
    expect(list).toContain("Prescription only");
    expect(list).toContain("Stock not counted");
    await setProduct(para.id, { stock: 0 });
    expect(await html(await admin.client.get("/admin/products"))).toContain("Out of stock");
    await setProduct(para.id, { stock: 3 });
    expect(await html(await admin.client.get("/admin/products"))).toContain("Low stock: 3");
  });

  it("refuses bad values with 400, every problem shown, what was typed kept, nothing saved", async () => {
    const admin = await signUp("Careful Admin", "admin");
    const [para] = await seedProducts([DEMO[1]]);
    const res = await admin.client.postMultipart(
      `/admin/products/${para.id}`,
      form({ ...EDIT, price: "", nafdacNumber: "NAFDAC 123", stock: "-4", medicineClass: "controlled" }),
    );
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain("Error updating product: Please enter the price in naira.");
    expect(page).toContain(NAFDAC_MESSAGE);
    expect(page).toContain(STOCK_MESSAGE);
    expect(page).toContain("The medicine class must be otc, pharmacy or prescription.");
    expect(page).toContain('value="NAFDAC 123"');
    expect(page).toContain('value="-4"');
    expect(await row(para.id)).toMatchObject({ name: DEMO[1].name, nafdac_number: null, stock: null });
  });

  it("adds a product with its medicine information", async () => {
    const admin = await signUp("Adding Admin", "admin");
    const body = form({ ...EDIT, medicineClass: "prescription", stock: "0" });
    body.set("image", new File([PNG_BYTES as Uint8Array<ArrayBuffer>], "p.png", { type: "image/png" }));
    const res = await admin.client.postMultipart("/admin/products", body);
    expect(res.status).toBe(302);
    const added = await env.DB.prepare("SELECT * FROM products").first<Record<string, unknown>>();
    expect(added).toMatchObject({ generic_name: EDIT.genericName, medicine_class: "prescription", stock: 0 });
  });
});
