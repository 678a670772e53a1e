import { describe, expect, it } from "vitest";
import { formatNaira, koboToNaira, nairaToKobo } from "./money";

describe("money", () => {
  it("formats kobo as naira with the naira sign and grouped digits", () => {
    expect(formatNaira(150_000)).toBe("₦1,500.00");
    expect(formatNaira(123_456_789)).toBe("₦1,234,567.89");
    expect(formatNaira(50)).toBe("₦0.50");
  });
  it("converts between naira and whole kobo without float drift", () => {
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(koboToNaira(1999)).toBe(19.99);
  });
});
