import { describe, expect, it } from "vitest";
import { AWAITING_REVIEW_LINE, orderWhatsAppMessage, whatsAppLink } from "./whatsapp";

const order = {
  orderRef: "MS-7K3QX9",
  name: "Ada Obi",
  phone: "+2348031234567",
  email: "ada@example.com",
  deliveryAddress: "5 Ogoja Road, Abakaliki",
  totalKobo: 620_000,
  items: [
    { name: "Coartem 80/480mg Tablets (6)", quantity: 2, unitPriceKobo: 250_000 },
    { name: "Paracetamol 500mg Tablets", quantity: 1, unitPriceKobo: 120_000 },
  ],
  statusUrl: "https://medistore.example/order/abc",
};

describe("WhatsApp hand-off", () => {
  it("lists items with quantity and line totals, the total, the delivery details, the reference and the status link", () => {
    const text = orderWhatsAppMessage(order);
    expect(text).toContain("Order reference: MS-7K3QX9");
    expect(text).toContain("- Coartem 80/480mg Tablets (6) x 2 = ₦5,000.00");
    expect(text).toContain("- Paracetamol 500mg Tablets x 1 = ₦1,200.00");
    expect(text).toContain("Total: ₦6,200.00");
    expect(text).toContain("Name: Ada Obi");
    expect(text).toContain("Phone: +2348031234567");
    expect(text).toContain("Address: 5 Ogoja Road, Abakaliki");
    expect(text).toContain("Email: ada@example.com");
    expect(text).toContain("https://medistore.example/order/abc");
  });

  it("says when the order awaits a pharmacist's review of its prescription, and only then", () => {
    expect(orderWhatsAppMessage(order)).not.toContain("pharmacist review");
    const text = orderWhatsAppMessage({ ...order, awaitingReview: true });
    expect(text).toContain(AWAITING_REVIEW_LINE);
    expect(text.split("\n")[2]).toBe("⚠️ Prescription-only items: awaiting pharmacist review");
  });

  it("builds a wa.me link to the seller with the message encoded", () => {
    const link = whatsAppLink("+234 801 234 5678", "Hello & welcome\nline 2");
    expect(link).toBe("https://wa.me/2348012345678?text=Hello%20%26%20welcome%0Aline%202");
    expect(new URL(link).searchParams.get("text")).toBe("Hello & welcome\nline 2");
    expect(whatsAppLink("2348012345678")).toBe("https://wa.me/2348012345678");
  });
});
