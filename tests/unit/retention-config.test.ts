/** The chat party prunes with its own copy of the chat retention period: it must equal the Worker's. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("chat retention configuration", () => {
  it("is the same in partykit.json as in wrangler.toml", () => {
    const wrangler = readFileSync("wrangler.toml", "utf8");
    const worker = /^RETENTION_CHAT_DAYS = "(\d+)"$/m.exec(wrangler)?.[1];
    const party = JSON.parse(readFileSync("partykit.json", "utf8")).vars?.RETENTION_CHAT_DAYS;
    expect(worker).toMatch(/^\d+$/);
    expect(party).toBe(worker);
  });
});
