import { describe, expect, it } from "vitest";
import { fromBase64Url, toBase64Url } from "./base64url";

describe("base64url", () => {
  it("round-trips every length of bytes, with - and _ for + and /", () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + 251) & 255);
      const text = toBase64Url(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(fromBase64Url(text)).toEqual(bytes);
    }
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe("-_8");
  });

  it("refuses a second spelling of the same bytes: spare bits set in the last character, or padding", () => {
    expect(fromBase64Url("QQ")).toEqual(new Uint8Array([65]));
    // "QR" decodes to the same byte as "QQ" in lenient decoders (its low 4 bits are dropped).
    expect(fromBase64Url("QR")).toBeNull();
    expect(fromBase64Url("QQ==")).toBeNull();
  });

  it("refuses characters outside the alphabet and impossible lengths", () => {
    expect(fromBase64Url("QQ+")).toBeNull();
    expect(fromBase64Url("Q Q")).toBeNull();
    expect(fromBase64Url("Q")).toBeNull();
  });
});
