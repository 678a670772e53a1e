/** The one rule for names (people's and products'): no control characters, and something visible. */
import { describe, expect, it } from "vitest";
import {
  adminCreateSchema,
  apiAdminCreateSchema,
  checkoutSchema,
  contactSchema,
  isReadableName,
  NAME_UNREADABLE,
  productPatchSchema,
  productSchema,
  profileSchema,
  registerSchema,
} from "./validation";

const REFUSED: [string, string][] = [
  ["a right-to-left override", "Ngozi \u202eikafO"],
  ["a left-to-right embedding", "\u202aAda"],
  ["an isolate", "Ada \u2067Obi\u2069"],
  ["a right-to-left mark", "Ada\u200f"],
  ["the Arabic letter mark", "Ada\u061c"],
  ["NUL", "Ada\u0000Obi"],
  ["a line break", "Ada\nObi"],
  ["a tab", "Ada\tObi"],
  ["DEL", "Ada\u007f"],
  ["a C1 control", "Ada\u0085"],
  ["a lone surrogate", "Ada\ud800"],
  ["only zero-width spaces", "\u200b\u200b\u200b"],
  ["only a zero-width joiner", "\u200d"],
  ["only a word joiner and a BOM", "\u2060\ufeff"],
  ["only a Hangul filler", "\u3164"],
  ["only a braille blank", "\u2800\u2800"],
  ["only combining accents", "\u0301\u0300"],
  ["only an ideographic space", "\u3000"],
];

const ACCEPTED = [
  "Ada Obi",
  "Chidi Ọkọrọ",
  "Zainab Abdullahi-Bello",
  "O’Brien",
  "محمد بللو",
  "José Ngozi",
  "Pharm. Amaka Obi",
  "👩🏾‍⚕️ Ada",
];

describe("isReadableName", () => {
  it.each(REFUSED)("refuses a name with %s", (_, name) => {
    expect(isReadableName(name)).toBe(false);
  });
  it.each(ACCEPTED)("accepts %s", (name) => {
    expect(isReadableName(name)).toBe(true);
  });
});

describe("every name field refuses such names with the same message", () => {
  const fields = {
    register: (name: string) =>
      registerSchema.safeParse({ name, email: "a@example.com", password: "a-strong-passphrase" }),
    profile: (name: string) => profileSchema.safeParse({ name }),
    checkout: (name: string) =>
      checkoutSchema.safeParse({
        name,
        email: "a@example.com",
        phone: "08031234567",
        deliveryAddress: "5 Ogoja Road",
      }),
    contact: (name: string) => contactSchema.safeParse({ name, email: "a@example.com", message: "Hello" }),
    "admin create (page)": (name: string) =>
      adminCreateSchema.safeParse({ name, email: "a@example.com", password: "a-strong-passphrase" }),
    "admin create (API)": (name: string) =>
      apiAdminCreateSchema.safeParse({ name, email: "a@example.com", password: "a-strong-passphrase" }),
    "product (form)": (name: string) =>
      productSchema.safeParse({ name, category: "Analgesics", price: "1500" }),
    "product (API)": (name: string) => productPatchSchema.safeParse({ name }),
  };
  it.each(Object.entries(fields))("%s", (_, parse) => {
    for (const [, name] of REFUSED) {
      const result = parse(name);
      expect(result.success, JSON.stringify(name)).toBe(false);
      const messages = result.error!.issues.filter((i) => i.path[0] === "name").map((i) => i.message);
      expect(messages, JSON.stringify(name)).toContain(NAME_UNREADABLE);
    }
    expect(parse("Chidi Ọkọrọ").success).toBe(true);
  });
});
