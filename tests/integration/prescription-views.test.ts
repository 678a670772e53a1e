/**
 * Every admin view of a prescription is logged, whatever the path that serves the image: its own page
 * (/prescriptions/<id>/image) and an order's private link (/order/<token>/prescription), which the review
 * queue links to. The owner's and the link holder's own views are not (they are theirs).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  Client,
  DEMO,
  html,
  seedProducts,
  signUp,
  signUpPharmacist,
  type TestUser,
  prescriptionCheckoutForm,
} from "./helpers";

/** A prescription order placed through the checkout page with a photo, by a guest or a signed-in customer. */
async function rxOrder(client = new Client()) {
  const [product] = await seedProducts([DEMO[0]]);
  await env.DB.prepare("UPDATE products SET medicine_class = 'prescription' WHERE id = ?")
    .bind(product.id)
    .run();
  await client.post("/cart", { intent: "add", productId: String(product.id) });
  const form = await prescriptionCheckoutForm(client);
  const res = await client.postMultipart("/checkout", form);
  expect(res.status, "checkout").toBe(302);
  const token = /^\/order\/([^?]+)/.exec(res.headers.get("Location")!)![1];
  const order = await env.DB.prepare("SELECT order_ref, prescription_id FROM orders WHERE access_token = ?")
    .bind(token)
    .first<{ order_ref: string; prescription_id: string }>();
  return { token, ...order! };
}

async function views(prescriptionId: string) {
  const log = await env.DB.prepare(
    "SELECT admin_id FROM prescription_access_log WHERE prescription_id = ? ORDER BY id",
  )
    .bind(prescriptionId)
    .all<{ admin_id: string }>();
  const audit = await env.DB.prepare(
    "SELECT actor_id, detail FROM audit_log WHERE action = 'prescription_viewed' AND record_id = ? ORDER BY id",
  )
    .bind(prescriptionId)
    .all<{ actor_id: string; detail: string }>();
  return { log: log.results.map((r) => r.admin_id), audit: audit.results };
}

const served = async (client: Client, path: string) => {
  const res = await client.get(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("image/webp");
  return res;
};

describe("an admin's view of a prescription is logged on every path", () => {
  it("a guest's order: the order link opened by an admin is logged; by the guest who holds it, not", async () => {
    const { token, order_ref, prescription_id } = await rxOrder();
    const pharmacist: TestUser = await signUpPharmacist("Pharm. Bola Ade", "PS-800001");
    const staff = await signUp("Kemi Staff", "admin");

    await served(new Client(), `/order/${token}/prescription`);
    expect(await views(prescription_id)).toEqual({ log: [], audit: [] });

    await served(pharmacist.client, `/order/${token}/prescription`);
    await served(staff.client, `/prescriptions/${prescription_id}/image`);
    // A bearer token is a signed-in admin too.
    const viaToken = await new Client().get(`/order/${token}/prescription`, {
      Authorization: `Bearer ${pharmacist.token}`,
    });
    expect(viaToken.status).toBe(200);

    expect(await views(prescription_id)).toEqual({
      log: [pharmacist.id, staff.id, pharmacist.id],
      audit: [
        { actor_id: pharmacist.id, detail: `order ${order_ref} link` },
        { actor_id: staff.id, detail: "prescription page" },
        { actor_id: pharmacist.id, detail: `order ${order_ref} link` },
      ],
    });
  });

  it("a customer's order: their own views are not logged, the pharmacist's are, and the customer sees them", async () => {
    const customer = await signUp("Ngozi Okafor");
    const { token, prescription_id } = await rxOrder(customer.client);
    await served(customer.client, `/order/${token}/prescription`);
    await served(customer.client, `/prescriptions/${prescription_id}/image`);
    expect(await views(prescription_id)).toEqual({ log: [], audit: [] });

    const pharmacist = await signUpPharmacist("Pharm. Bola Ade", "PS-800002");
    await served(pharmacist.client, `/order/${token}/prescription`);
    expect((await views(prescription_id)).log).toEqual([pharmacist.id]);
    expect(await html(await customer.client.get("/dashboard"))).toContain("Viewed by Pharm. Bola Ade on");
  });

  it("a missing image serves nothing and logs nothing", async () => {
    const { token, prescription_id } = await rxOrder();
    const key = (await env.DB.prepare("SELECT image_key FROM prescriptions WHERE id = ?")
      .bind(prescription_id)
      .first<{ image_key: string }>())!.image_key;
    await env.IMAGES.delete(key);
    const admin = await signUp("Kemi Staff", "admin");
    expect((await admin.client.get(`/order/${token}/prescription`)).status).toBe(404);
    expect((await admin.client.get(`/prescriptions/${prescription_id}/image`)).status).toBe(404);
    expect(await views(prescription_id)).toEqual({ log: [], audit: [] });
  });
});
