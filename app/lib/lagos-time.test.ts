import { describe, expect, it } from "vitest";
import { lagosDate, lagosDateTime } from "./lagos-time";

/** The runtime's own en-NG formatting, with its month names made the short ones ("Sept" is "Sep"). */
const intl = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat("en-NG", { ...options, timeZone: "Africa/Lagos" });
  return (ms: number) => format.format(ms).replace("Sept", "Sep");
};

describe("Lagos time", () => {
  it("says a moment as en-NG does in Africa/Lagos, for every hour of several years", () => {
    const date = intl({ dateStyle: "medium" });
    const dateTime = intl({ dateStyle: "medium", timeStyle: "short" });
    const start = Date.UTC(2023, 0, 1);
    for (let ms = start; ms < Date.UTC(2029, 0, 1); ms += 61 * 60 * 1000 + 7_000) {
      expect(lagosDate(ms)).toBe(date(ms));
      expect(lagosDateTime(ms)).toBe(dateTime(ms));
    }
  });

  it("turns the day at 23:00 UTC, and pads hours and minutes", () => {
    expect(lagosDateTime(Date.UTC(2026, 11, 31, 22, 59))).toBe("31 Dec 2026, 23:59");
    expect(lagosDateTime(Date.UTC(2026, 11, 31, 23, 5))).toBe("1 Jan 2027, 00:05");
    expect(lagosDate(Date.UTC(2026, 8, 5, 23, 30))).toBe("6 Sep 2026");
    expect(lagosDateTime(0)).toBe("1 Jan 1970, 01:00");
  });
});
