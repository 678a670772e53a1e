import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("smoke", () => {
  it("serves the home page with the grid", async () => {
    await env.DB.prepare("INSERT INTO products (name, category, price_kobo) VALUES ('Paracetamol 500mg', 'Analgesics', 50000)").run();
    const res = await SELF.fetch("http://example.com/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Available Medicines");
    expect(html).toContain("Paracetamol 500mg");
  });
});
