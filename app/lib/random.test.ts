import { describe, expect, it } from "vitest";
import { generateOrderRef, randomToken } from "./random";

describe("identifiers", () => {
  it("order references are short, readable and vary", () => {
    const refs = new Set(Array.from({ length: 500 }, generateOrderRef));
    for (const ref of refs) expect(ref).toMatch(/^MS-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(refs.size).toBeGreaterThan(495);
  });
  it("access tokens carry 256 bits in URL-safe text", () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(token);
  });
});
