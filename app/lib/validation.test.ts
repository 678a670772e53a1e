import { describe, expect, it } from "vitest";
import {
  CHECKOUT_MISSING_FIELDS,
  checkoutSchema,
  checkoutSummary,
  fieldErrors,
  INVALID_EMAIL,
  INVALID_PHONE,
  normalizeNigerianPhone,
  productPatchSchema,
  productDetailsFormSchema,
  productSchema,
  profileSchema,
} from "./validation";

const good = {
  name: "Ada Obi",
  email: "ada@example.com",
  phone: "08031234567",
  deliveryAddress: "5 Ogoja Road, Abakaliki",
};

describe("normalizeNigerianPhone", () => {
  it.each([
    ["08031234567", "+2348031234567"],
    ["0803 123 4567", "+2348031234567"],
    ["+234 803 123 4567", "+2348031234567"],
    ["2348031234567", "+2348031234567"],
    ["(0803)-123-4567", "+2348031234567"],
  ])("accepts %s", (input, expected) => {
    expect(normalizeNigerianPhone(input)).toBe(expected);
  });
  it.each(["12345", "0803123456", "080312345678", "+1 202 555 0101", "08031234abc", "00000000000"])(
    "rejects %s",
    (input) => {
      expect(normalizeNigerianPhone(input)).toBeNull();
    },
  );
});

describe("checkoutSchema", () => {
  it("trims and normalises good details", () => {
    const parsed = checkoutSchema.parse({ ...good, name: "  Ada Obi ", phone: "0803 123 4567" });
    expect(parsed).toEqual({ ...good, phone: "+2348031234567" });
  });

  it("reports missing fields with the missing-fields text", () => {
    const result = checkoutSchema.safeParse({ ...good, name: "", phone: "   " });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(errors.name).toBe(CHECKOUT_MISSING_FIELDS);
    expect(errors.phone).toBe(CHECKOUT_MISSING_FIELDS);
    expect(checkoutSummary(errors)).toBe("Please fill in delivery name, phone, address and email.");
  });

  it("reports an absent field (not just an empty one) the same way", () => {
    const result = checkoutSchema.safeParse({ name: "Ada" });
    expect(checkoutSummary(fieldErrors(result.error!))).toBe(CHECKOUT_MISSING_FIELDS);
  });

  it("explains a bad e-mail or phone", () => {
    const email = checkoutSchema.safeParse({ ...good, email: "ada@" });
    expect(fieldErrors(email.error!).email).toBe(INVALID_EMAIL);
    const phone = checkoutSchema.safeParse({ ...good, phone: "12345" });
    expect(fieldErrors(phone.error!).phone).toBe(INVALID_PHONE);
    expect(checkoutSummary(fieldErrors(phone.error!))).toBe(INVALID_PHONE);
  });

  it("refuses absurdly long input", () => {
    expect(checkoutSchema.safeParse({ ...good, deliveryAddress: "x".repeat(501) }).success).toBe(false);
  });
});

describe("one rule, every form", () => {
  it("a phone is checked and kept alike at checkout and in the profile (where it may be left out)", () => {
    expect(checkoutSchema.parse({ ...good, phone: "0803 123 4567" }).phone).toBe("+2348031234567");
    expect(profileSchema.parse({ name: "Ada", phone: "0803 123 4567" }).phone).toBe("+2348031234567");
    expect(profileSchema.parse({ name: "Ada", phone: "  " }).phone).toBeNull();
    expect(fieldErrors(profileSchema.safeParse({ name: "Ada", phone: "12345" }).error!).phone).toBe(
      INVALID_PHONE,
    );
  });

  it("an e-mail address is kept lowercased at checkout as everywhere else", () => {
    expect(checkoutSchema.parse({ ...good, email: " Ada@Example.COM " }).email).toBe("ada@example.com");
  });

  it("the form's price (text) and the API's (a number) follow one rule", () => {
    const form = (price: string) =>
      productSchema.safeParse({ name: "Paracetamol", category: "Analgesics", price });
    const api = (price: unknown) => productPatchSchema.safeParse({ price });
    expect([form("₦1,500.50").data?.price, api(1500.5).data?.price]).toEqual([150050, 150050]);
    const FORMAT = "The price must be a number in naira, like 1500 or 1500.50.";
    const RANGE = "The price must be more than ₦0 and at most ₦10,000,000.";
    expect(fieldErrors(form("15.555").error!).price).toBe(FORMAT);
    expect(fieldErrors(api(15.555).error!).price).toBe(FORMAT);
    expect(fieldErrors(form("0").error!).price).toBe(RANGE);
    expect(fieldErrors(api(0).error!).price).toBe(RANGE);
    expect(fieldErrors(form("10000001").error!).price).toBe(RANGE);
    expect(fieldErrors(api(10_000_001).error!).price).toBe(RANGE);
    expect(fieldErrors(api("1500").error!).price).toBe(FORMAT);
  });

  it("the form's category and the API's follow one rule", () => {
    const CATEGORY = "Please choose a category from the list.";
    expect(productPatchSchema.safeParse({ category: "Analgesics" }).success).toBe(true);
    expect(fieldErrors(productPatchSchema.safeParse({ category: "Sweets" }).error!).category).toBe(CATEGORY);
    const form = productSchema.safeParse({ name: "Paracetamol", category: "Sweets", price: "100" });
    expect(fieldErrors(form.error!).category).toBe(CATEGORY);
  });

  it("the form's stock (text) and the API's (a whole number or null) follow one rule", () => {
    const STOCK = "Stock must be a whole number from 0 to 1,000,000, or empty when it is not counted.";
    const form = (stock: string) => productDetailsFormSchema.safeParse({ stock });
    const api = (stock: unknown) => productPatchSchema.safeParse({ stock });
    expect([
      form("1,200").data?.stock,
      form("").data?.stock,
      api(1200).data?.stock,
      api(null).data?.stock,
    ]).toEqual([1200, null, 1200, null]);
    for (const bad of [form("1000001"), form("-1"), form("2.5"), api(1_000_001), api(-1), api(2.5)])
      expect(fieldErrors(bad.error!).stock).toBe(STOCK);
  });
});
