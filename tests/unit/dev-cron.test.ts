/** `npm start`'s stand-in for Cron Triggers: it reads wrangler.toml's schedules and runs them on time. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cronsOf, matches } from "../../scripts/dev-cron.mjs";

const at = (iso: string) => new Date(iso);

describe("local Cron Triggers", () => {
  it("reads the schedules of wrangler.toml's [triggers], and only those", () => {
    const crons = cronsOf(readFileSync("wrangler.toml", "utf8"));
    expect(crons.length).toBeGreaterThan(0);
    expect(cronsOf('[vars]\ncrons = ["1 * * * *"]\n\n[triggers]\ncrons = ["*/5 * * * *"]\n\n[x]\n')).toEqual([
      "*/5 * * * *",
    ]);
    expect(cronsOf("[vars]\nA = 1\n")).toEqual([]);
    expect(() => cronsOf('[triggers]\ncrons = ["* * * JAN *"]\n')).toThrow(/month "JAN"/);
  });

  it("runs each in the minutes its fields allow (UTC)", () => {
    expect(matches("*/5 * * * *", at("2026-11-27T07:35:00Z"))).toBe(true);
    expect(matches("*/5 * * * *", at("2026-11-27T07:36:00Z"))).toBe(false);
    expect(matches("17 2 * * *", at("2026-11-27T02:17:30Z"))).toBe(true);
    expect(matches("17 2 * * *", at("2026-11-27T03:17:00Z"))).toBe(false);
    expect(matches("0 9-17/4 * * 1-5", at("2026-11-27T13:00:00Z"))).toBe(true); // a Friday
    expect(matches("0 9-17/4 * * 1-5", at("2026-11-28T13:00:00Z"))).toBe(false); // a Saturday
    expect(matches("0 0 * * 7", at("2026-11-29T00:00:00Z"))).toBe(true); // Sunday is 0 and 7
    expect(matches("0 0 1,15 * 1", at("2026-11-30T00:00:00Z"))).toBe(true); // either day field will do
    expect(() => matches("* * *", at("2026-11-27T00:00:00Z"))).toThrow(/five fields/);
    expect(() => matches("61 * * * *", at("2026-11-27T00:00:00Z"))).toThrow(/out of range/);
  });
});
