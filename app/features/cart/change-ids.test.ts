import { describe, expect, it } from "vitest";
import { REMEMBERED_CHANGES, readChangeId, rememberChange, sanitizeChangeIds } from "./change-ids";

const form = (changeId?: string) => {
  const data = new FormData();
  if (changeId !== undefined) data.set("changeId", changeId);
  return data;
};

describe("cart change ids", () => {
  it("reads a well-formed id and ignores a missing or malformed one", () => {
    expect(readChangeId(form("0123456789abcdef01234567"))).toBe("0123456789abcdef01234567");
    expect(readChangeId(form())).toBeNull();
    expect(readChangeId(form("short"))).toBeNull();
    expect(readChangeId(form("has spaces in it!!"))).toBeNull();
    expect(readChangeId(form("x".repeat(41)))).toBeNull();
  });

  it("remembers the newest ids, each once, up to the limit", () => {
    let ids: string[] = [];
    for (let i = 0; i < REMEMBERED_CHANGES + 5; i++)
      ids = rememberChange(ids, `change-${String(i).padStart(4, "0")}`);
    expect(ids).toHaveLength(REMEMBERED_CHANGES);
    expect(ids.at(-1)).toBe(`change-${String(REMEMBERED_CHANGES + 4).padStart(4, "0")}`);
    expect(rememberChange(["change-aaaa", "change-bbbb"], "change-aaaa")).toEqual([
      "change-bbbb",
      "change-aaaa",
    ]);
  });

  it("treats a cookie that is not a list of ids as none", () => {
    expect(sanitizeChangeIds("change-aaaa")).toEqual([]);
    expect(sanitizeChangeIds(null)).toEqual([]);
    expect(sanitizeChangeIds(["change-aaaa", 3, "bad id", { id: 1 }])).toEqual(["change-aaaa"]);
  });
});
