import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each(["/cart", "/admin/orders?page=2", "/shop?q=para#shop", "/order/abc"])("keeps %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    ["a tab before a second slash", "/\t/evil.example"],
    ["a newline before a second slash", "/\n/evil.example"],
    ["a carriage return", "/\r/evil.example"],
    ["a NUL", "/\u0000/evil.example"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash the browser reads as a slash", "/\\evil.example"],
    ["an absolute URL", "https://evil.example/"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "cart"],
    ["nothing", ""],
    ["something very long", `/${"a".repeat(3000)}`],
    ["a dot segment hiding a second slash", "/.//evil.example"],
    ["a parent segment hiding a second slash", "/..//evil.example"],
    ["an encoded dot segment", "/%2e//evil.example"],
  ])("refuses %s", (_name, value) => {
    expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
  });

  it("normalises what it keeps (dot segments cannot climb out)", () => {
    expect(safeRedirectPath("/a/../cart")).toBe("/cart");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(null, "/x")).toBe("/x");
    expect(safeRedirectPath(42, "/x")).toBe("/x");
  });
});
