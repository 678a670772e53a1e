import { describe, expect, it } from "vitest";
import { containsPattern, escapeLike } from "./sql-like";

describe("escapeLike", () => {
  it("escapes the wildcards and the escape character, nothing else", () => {
    expect(escapeLike("10%")).toBe("10\\%");
    expect(escapeLike("a_b")).toBe("a\\_b");
    expect(escapeLike("back\\slash")).toBe("back\\\\slash");
    expect(escapeLike('Eye "drops" (15ml) É')).toBe('Eye "drops" (15ml) É');
    expect(escapeLike("")).toBe("");
  });

  it("wraps a term into a contains pattern", () => {
    expect(containsPattern("%_")).toBe("%\\%\\_%");
    expect(containsPattern("pa")).toBe("%pa%");
  });
});
