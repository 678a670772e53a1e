import { describe, expect, it } from "vitest";
import { formatNaira, koboToNaira, nairaToKobo } from "./money";

describe("money", () => {
  it("formats kobo as naira with the naira sign and grouped digits", () => {
    expect(formatNaira(150_000)).toBe("₦1,500.00");
    expect(formatNaira(123_456_789)).toBe("₦1,234,567.89");
    expect(formatNaira(50)).toBe("₦0.50");
  });
  it("writes what the en-NG currency format writes, for any whole kobo", () => {
    const intl = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });
    const samples = [0, 1, 9, 10, 99, 100, 101, 99_999, 100_000, 100_001, -1, -100, -123_456_789];
    for (let kobo = 7; kobo < Number.MAX_SAFE_INTEGER / 10; kobo = kobo * 10 + 3) samples.push(kobo, -kobo);
    for (const kobo of samples) expect(formatNaira(kobo)).toBe(intl.format(kobo / 100));
  });
  it("converts between naira and whole kobo without float drift", () => {
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(koboToNaira(1999)).toBe(19.99);
  });
});
