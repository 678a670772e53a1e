import { describe, expect, it } from "vitest";
import {
  CHECKOUT_MISSING_FIELDS,
  checkoutSchema,
  checkoutSummary,
  fieldErrors,
  INVALID_EMAIL,
  INVALID_PHONE,
  normalizeNigerianPhone,
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
