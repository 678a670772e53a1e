/** Delivery fees by state: seeded for all 37, shown to shoppers, edited by admins (all or nothing). */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { NIGERIAN_STATES } from "~/lib/nigeria";
import { Client, html, signUp } from "./helpers";

async function currentForm(): Promise<Record<string, string>> {
  const rows = await env.DB.prepare("SELECT state, fee_kobo, days_min, days_max FROM delivery_fees").all<{
    state: string;
    fee_kobo: number;
    days_min: number;
    days_max: number;
  }>();
  const fields: Record<string, string> = { freeThreshold: "50000" };
  for (const row of rows.results) {
    fields[`fee[${row.state}]`] = String(row.fee_kobo / 100);
    fields[`daysMin[${row.state}]`] = String(row.days_min);
    fields[`daysMax[${row.state}]`] = String(row.days_max);
  }
  return fields;
}

describe("delivery fees", () => {
  it("are seeded for the 36 states and the FCT, cheapest in Ebonyi, with free delivery from ₦50,000", async () => {
    const rows = await env.DB.prepare(
      "SELECT state, fee_kobo FROM delivery_fees ORDER BY fee_kobo, state",
    ).all<{
      state: string;
      fee_kobo: number;
    }>();
    expect(rows.results.map((r) => r.state).sort()).toEqual([...NIGERIAN_STATES].sort());
    expect(rows.results[0]).toEqual({ state: "Ebonyi", fee_kobo: 100_000 });
    expect(rows.results[1].fee_kobo).toBeGreaterThan(100_000);
    const page = await html(await new Client().get("/delivery"));
    expect(page).toContain("Delivery is free when your medicines cost ₦50,000.00 or more.");
    expect(page).toMatch(/Ebonyi<\/th><td[^>]*>₦1,000\.00<\/td><td[^>]*>1–2 working days/);
    expect(page).toContain("Kano");
  });

  it("an admin edits every state in one save; one bad row refuses the whole form with the reason", async () => {
    const admin = await signUp("Pharm. Delivery Admin", "admin");
    const fields = await currentForm();
    const bad = await admin.client.post("/admin/delivery", {
      ...fields,
      "fee[Kano]": "-5",
      "fee[Lagos]": "9999",
    });
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain("Kano: enter an amount in naira from 0 to 100,000.");
    const lagos = await env.DB.prepare("SELECT fee_kobo FROM delivery_fees WHERE state = 'Lagos'").first<{
      fee_kobo: number;
    }>();
    expect(lagos!.fee_kobo).toBe(350_000);

    const backwards = await admin.client.post("/admin/delivery", {
      ...fields,
      "daysMin[Yobe]": "7",
      "daysMax[Yobe]": "2",
    });
    expect(backwards.status).toBe(400);
    expect(await html(backwards)).toContain("Yobe: the longest time cannot be shorter than the shortest.");

    const saved = await admin.client.post("/admin/delivery", {
      ...fields,
      "fee[Lagos]": "2,750.50",
      freeThreshold: "",
    });
    expect(saved.status).toBe(302);
    const after = await env.DB.prepare("SELECT fee_kobo FROM delivery_fees WHERE state = 'Lagos'").first<{
      fee_kobo: number;
    }>();
    expect(after!.fee_kobo).toBe(275_050);
    const page = await html(await new Client().get("/delivery"));
    expect(page).not.toContain("Delivery is free when");
    await admin.client.post("/admin/delivery", fields);
  });

  it("only admins edit them", async () => {
    const customer = await signUp("Curious Customer");
    const res = await customer.client.post("/admin/delivery", await currentForm());
    expect(res.status).toBe(403);
    const guest = await new Client().post("/admin/delivery", await currentForm());
    expect(guest.status).toBe(302);
  });
});
