/** What a shopper on a phone meets at checkout and after: the total before ordering, photos, cancelling. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, PHOTO_FORM_MAX_BYTES } from "~/lib/limits";
import { checkoutKey, Client, countRows, DEMO, FORM_DETAILS, html, PNG_BYTES, seedProducts } from "./helpers";

/**
 * The words of the page's order button for a way of paying: without JavaScript the page holds one text per
 * way and the stylesheet shows the one of the checked radio ("whatsapp" for paying on delivery or by
 * transfer, "online"), or "any" where the browser cannot tell.
 */
function orderButton(page: string, way: "whatsapp" | "online" | "any" = "whatsapp"): string {
  const match = new RegExp(`<span data-order-text="${way}">([^<]*)</span>`).exec(page);
  return match?.[1] ?? "";
}

/** The payment method's radio input, as the page has it. */
function radio(page: string, value: string): string {
  const inputs = page.match(/<input [^>]*name="paymentMethod"[^>]*>/g) ?? [];
  return inputs.find((input) => input.includes(`value="${value}"`)) ?? "";
}

async function cartWith(productId: number, qty = 1) {
  const client = new Client();
  await client.post("/cart", { intent: "add", productId: String(productId), qty: String(qty) });
  return client;
}

describe("checkout › the total before ordering, without JavaScript", () => {
  it("the page offers 'Show my total' until a state is chosen", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    const page = await html(await (await cartWith(para.id)).get("/checkout"));
    expect(page).toContain("Choose your state to see the delivery fee and your total.");
    expect(page).toMatch(/<button type="submit" name="intent" value="quote"[^>]*>Show my total<\/button>/);
    expect(orderButton(page)).toBe("Checkout via WhatsApp");
    expect(orderButton(page, "online")).toBe("Place order and pay online");
    expect(orderButton(page, "any")).toBe("Place order");
    // The stylesheet picks by the checked radio: paying on delivery, the first way, is checked.
    expect(radio(page, "pay_on_delivery")).toContain('checked=""');
    expect(radio(page, "paystack")).toContain('data-online=""');
    expect(radio(page, "paystack")).not.toContain("checked");
  });

  it("the order button says what happens for each way of paying, with the total once it is known", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    const client = await cartWith(para.id);
    const res = await client.post("/checkout", {
      intent: "quote",
      idempotencyKey: await checkoutKey(client),
      ...FORM_DETAILS,
      deliveryState: "Kano",
      paymentMethod: "paystack",
    });
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(orderButton(page, "online")).toBe("Pay ₦5,700.00 now");
    expect(orderButton(page, "whatsapp")).toBe("Checkout via WhatsApp · ₦5,700.00");
    expect(orderButton(page, "any")).toBe("Place order · ₦5,700.00");
    expect(radio(page, "paystack")).toContain('checked=""');
  });

  it("'Show my total' answers the fee and total for the state, keeps every field, and orders nothing", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    const client = await cartWith(para.id);
    const res = await client.post("/checkout", {
      intent: "quote",
      idempotencyKey: await checkoutKey(client),
      ...FORM_DETAILS,
      deliveryState: "Kano",
    });
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(page).toMatch(/Delivery to Kano<\/span><span>₦4,500\.00<\/span>/);
    expect(page).toMatch(/<span>Total<\/span><span>₦5,700\.00<\/span>/);
    expect(orderButton(page)).toBe("Checkout via WhatsApp · ₦5,700.00");
    expect(page).toContain('value="Ada Obi"');
    expect(page).toContain('value="ada@example.com"');
    expect(page).toContain("5 Ogoja Road, Abakaliki</textarea>");
    expect(page).toMatch(/<option value="Kano" selected="">/);
    expect(await countRows("orders")).toBe(0);
  });

  it("shows free delivery from the threshold, as the order will be charged", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    await env.DB.prepare("INSERT OR REPLACE INTO shop_settings (key, value, updated_at) VALUES (?, ?, ?)")
      .bind("free_delivery_threshold_kobo", "100000", Date.now())
      .run();
    const client = await cartWith(para.id);
    const res = await client.post("/checkout", {
      intent: "quote",
      idempotencyKey: await checkoutKey(client),
      ...FORM_DETAILS,
      deliveryState: "Kano",
    });
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(page).toMatch(/Delivery to Kano<\/span><span>Free<\/span>/);
    expect(orderButton(page)).toBe("Checkout via WhatsApp · ₦1,200.00");
    const order = await client.post("/checkout", {
      idempotencyKey: await checkoutKey(client),
      ...FORM_DETAILS,
      deliveryState: "Kano",
    });
    expect(order.status).toBe(302);
    const row = await env.DB.prepare("SELECT total_kobo FROM orders").first();
    expect(row).toEqual({ total_kobo: 120_000 });
  });

  it("refuses a state not on the list with the reason, keeping what was typed", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    const client = await cartWith(para.id);
    const res = await client.post("/checkout", {
      intent: "quote",
      idempotencyKey: await checkoutKey(client),
      ...FORM_DETAILS,
      deliveryState: "Wakanda",
    });
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain("Please choose the state we deliver to from the list.");
    expect(page).toContain('value="Ada Obi"');
    expect(await countRows("orders")).toBe(0);
  });
});

describe("checkout › a camera photo over the limit, without JavaScript", () => {
  async function rxCheckout(photoBytes: number) {
    const [amox] = await seedProducts([DEMO[0]]);
    await env.DB.prepare("UPDATE products SET medicine_class = 'prescription' WHERE id = ?")
      .bind(amox.id)
      .run();
    const client = await cartWith(amox.id);
    const form = new FormData();
    form.set("idempotencyKey", await checkoutKey(client));
    for (const [name, value] of Object.entries(FORM_DETAILS)) form.set(name, value);
    form.set("deliveryState", "Lagos");
    form.set("consent", "yes");
    const photo = new Uint8Array(photoBytes);
    photo.set(PNG_BYTES);
    form.set("prescription", new File([photo], "IMG_2041.jpg", { type: "image/png" }));
    return client.postMultipart("/checkout", form);
  }

  it("is refused with what to do, and everything typed comes back (name, e-mail, phone, address, state)", async () => {
    const res = await rxCheckout(Math.round(5.4 * 1024 * 1024));
    expect(res.status).toBe(413);
    const page = await html(res);
    expect(page).toContain(
      "Your prescription photo is 5.4 MB; we take photos up to 5 MB. Everything else you typed is kept: choose a smaller photo (a screenshot of it is small enough) and place your order again.",
    );
    expect(page).toContain('value="Ada Obi"');
    expect(page).toContain('value="ada@example.com"');
    expect(page).toContain('value="0803 123 4567"');
    expect(page).toContain("5 Ogoja Road, Abakaliki</textarea>");
    expect(page).toMatch(/<option value="Lagos" selected="">/);
    expect(await countRows("orders")).toBe(0);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM prescriptions").first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("a body past what any camera takes is still refused by the Worker before it is read", async () => {
    expect(MAX_IMAGE_BYTES).toBeLessThan(PHOTO_FORM_MAX_BYTES);
    const res = await rxCheckout(PHOTO_FORM_MAX_BYTES + 1);
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("That upload is too large. Please choose an image under 5 MB.");
    expect(await countRows("orders")).toBe(0);
  });
});

describe("the order page › cancelling asks first; a cancelled order looks cancelled", () => {
  async function guestOrder(paymentMethod = "pay_on_delivery") {
    const [para] = await seedProducts([DEMO[1]]);
    const client = await cartWith(para.id);
    const res = await client.post("/checkout", {
      idempotencyKey: await checkoutKey(client),
      ...FORM_DETAILS,
      paymentMethod,
    });
    expect(res.status).toBe(302);
    const link = /^\/order\/[^?]+/.exec(res.headers.get("Location")!)![0];
    return { client, link };
  }
  const status = async () =>
    (await env.DB.prepare("SELECT delivery_status FROM orders").first<{ delivery_status: string }>())
      ?.delivery_status;

  it("'Cancel this order' is a link to a question; only 'Yes, cancel this order' cancels", async () => {
    const { client, link } = await guestOrder();
    const page = await html(await client.get(link));
    expect(page).toMatch(/<a[^>]*href="\/order\/[^"?]+\?confirm=cancel"[^>]*>Cancel this order<\/a>/);
    expect(page).not.toContain("Yes, cancel this order");

    const asking = await client.get(`${link}?confirm=cancel`);
    expect(asking.status).toBe(200);
    const question = await html(asking);
    expect(question).toContain(
      "Cancel this order? We will not prepare or deliver it, and this cannot be undone.",
    );
    expect(question).toMatch(
      /<form method="post"[^>]*><input type="hidden" name="intent" value="cancel"\/><button type="submit"[^>]*>Yes, cancel this order<\/button>/,
    );
    expect(question).toContain("Keep my order");
    expect(await status()).toBe("Pending");

    const done = await client.post(link, { intent: "cancel" });
    expect(done.status).toBe(302);
    expect(await status()).toBe("Cancelled");
    const after = await html(await client.get(link));
    expect(after).toContain("This order was cancelled. Nothing will be delivered.");
    expect(after).not.toContain("Send order on WhatsApp");
    expect(after).not.toContain("Cancel this order");
    expect(after).not.toContain('data-testid="order-refund"');
  });

  it("a cancelled transfer order whose receipt was uploaded says how the refund happens", async () => {
    const { client, link } = await guestOrder("bank_transfer");
    const before = await html(await client.get(link));
    expect(before).toContain("Send order on WhatsApp");
    await env.DB.prepare("UPDATE orders SET receipt_key = 'receipts/test.webp', receipt_uploaded_at = ?")
      .bind(Date.now())
      .run();
    expect((await client.post(link, { intent: "cancel" })).status).toBe(302);
    const page = await html(await client.get(link));
    const ref = (await env.DB.prepare("SELECT order_ref FROM orders").first<{ order_ref: string }>())!
      .order_ref;
    expect(page).toContain(
      `You paid by bank transfer: once we have checked that your transfer arrived, we send the money back to the account it came from, within 3 working days. Keep your order reference ${ref} for any question.`,
    );
    expect(page).not.toContain("Send order on WhatsApp");
    // Nothing asks to pay for an order that will not come.
    expect(page).not.toContain("Pay by bank transfer");
  });
});
