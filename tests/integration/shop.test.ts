import { describe, expect, it } from "vitest";
import { Client, DEMO, html, seedProducts } from "./helpers";

async function names(path: string): Promise<string[]> {
  const page = await html(await new Client().get(path));
  return [...page.matchAll(/<h3 class="text-sm font-semibold[^"]*"><a [^>]*>([^<]+)<\/a><\/h3>/g)].map(
    (m) => m[1],
  );
}

describe("shop and search", () => {
  it("home shows the hero, the grid titled Available Medicines, trust section and the WhatsApp link", async () => {
    await seedProducts([...DEMO, { name: "Ibuprofen 400mg", category: "Nonsteroidal", priceKobo: 90_000 }]);
    const page = await html(await new Client().get("/"));
    expect(page).toContain("Available Medicines");
    expect(page).toContain("Trusted online pharmacy");
    expect(page).toContain("Shop Medicines");
    expect(page).toContain("Consult a Pharmacist");
    expect(page).toContain("Start Shopping Now");
    expect(page).toContain("Talk to us");
    expect(page).toMatch(/aria-label="Popular medicines"/);
    for (const name of [
      "Paracetamol 500mg Tablets",
      "Amoxicillin 500mg Capsules",
      "Vitamin C 1000mg",
      "Ibuprofen 400mg",
    ]) {
      expect(page).toContain(`aria-label="Add to cart: ${name}"`);
    }
    expect(page).toContain("₦4,500.50");
    expect(page).toContain("Abakaliki, Ebonyi State");
  });

  it("search is a case-insensitive substring match on name or category", async () => {
    await seedProducts(DEMO);
    expect(await names("/shop?q=AMOXI")).toEqual(["Amoxicillin 500mg Capsules"]);
    expect(await names("/shop?q=antibiotics")).toEqual(["Amoxicillin 500mg Capsules"]);
    expect(await names("/shop?q=xicil")).toEqual(["Amoxicillin 500mg Capsules"]);
    // Two letters: still a substring match (without the trigram index).
    expect(await names("/shop?q=am")).toEqual([
      "Amoxicillin 500mg Capsules",
      "Paracetamol 500mg Tablets",
      "Vitamin C 1000mg",
    ]);
    expect(await names("/?q=malaria")).toEqual(["Coartem 80/480mg Tablets"]);
    const none = await html(await new Client().get("/shop?q=zzzz"));
    expect(none).toContain("No medicines match “zzzz”.");
  });

  it("treats search syntax as plain text", async () => {
    await seedProducts([
      {
        name: 'Eye drops "Clear" 10% (15ml)',
        category: "Eye, Ear & Nose Drops & Ointments",
        priceKobo: 150_000,
      },
    ]);
    for (const q of [
      '"Clear"',
      "10%",
      "(15ml)",
      "drops OR x",
      "*",
      "%",
      "_",
      "NEAR(a b)",
      "'; DROP TABLE products; --",
    ]) {
      const res = await new Client().get(`/shop?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect(await names(`/shop?q=${encodeURIComponent('"Clear"')}`)).toHaveLength(1);
    expect(await names(`/shop?q=${encodeURIComponent("10%")}`)).toHaveLength(1);
    expect(await names(`/shop?q=${encodeURIComponent("%")}`)).toHaveLength(1);
    expect(await names(`/shop?q=${encodeURIComponent("_")}`)).toHaveLength(0);
  });

  it("paginates: 24 per page with next and previous links, never the whole catalogue", async () => {
    await seedProducts(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Medicine ${String(i).padStart(2, "0")}`,
        category: "General",
        priceKobo: 1000,
      })),
    );
    const first = await names("/shop");
    expect(first).toHaveLength(24);
    const page = await html(await new Client().get("/shop"));
    expect(page).toContain('href="/shop?page=2"');
    const second = await names("/shop?page=2");
    expect(second).toEqual([
      "Medicine 24",
      "Medicine 25",
      "Medicine 26",
      "Medicine 27",
      "Medicine 28",
      "Medicine 29",
    ]);
    // Junk page numbers fall back to page 1 instead of failing.
    expect(await names("/shop?page=-1")).toHaveLength(24);
    expect(await names("/shop?page=abc")).toHaveLength(24);
    expect(await names("/shop?page=99999999")).toHaveLength(0);
  });
});
