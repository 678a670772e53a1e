import { describe, expect, it } from "vitest";
import { addressKey } from "./client-address";

describe("addressKey: one budget per network, however its address is spelled", () => {
  it.each([
    ["2001:db8:85a3:12::1", "2001:db8:85a3:12::/64"],
    ["2001:0db8:85a3:0012:0000:0000:0000:0001", "2001:db8:85a3:12::/64"],
    ["2001:DB8:85A3:12::1", "2001:db8:85a3:12::/64"],
    ["2001:db8:85a3:12:ffff:ffff:ffff:ffff", "2001:db8:85a3:12::/64"],
    ["  2001:db8:85a3:0012::abcd  ", "2001:db8:85a3:12::/64"],
    ["[2001:db8:85a3:12::1]", "2001:db8:85a3:12::/64"],
    ["2001:db8:85a3:12::1%eth0", "2001:db8:85a3:12::/64"],
    ["2001:db8:85a3:12:1:2:203.0.113.9", "2001:db8:85a3:12::/64"],
  ])("%s counts as %s", (spelling, key) => {
    expect(addressKey(spelling)).toBe(key);
  });

  it("keeps the /64 whole when the compression falls inside it", () => {
    // The part before "::" was once taken for the prefix: two budgets ("2001:db8" and the rest).
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("2001:db8:0:0:1::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("2001:db8:0::5")).toBe(addressKey("2001:0db8:0000:0000:ffff::"));
  });

  it("tells different /64s apart", () => {
    expect(addressKey("2001:db8:0:1::1")).not.toBe(addressKey("2001:db8:0:2::1"));
    expect(addressKey("2001:db8::1")).not.toBe(addressKey("2001:db9::1"));
  });

  it.each([
    ["::ffff:203.0.113.9"],
    ["::FFFF:203.0.113.9"],
    ["0:0:0:0:0:ffff:203.0.113.9"],
    ["::ffff:cb00:7109"],
    ["0000:0000:0000:0000:0000:FFFF:CB00:7109"],
    ["203.0.113.9"],
    [" 203.0.113.9 "],
  ])("an IPv4 client in any form (%s) counts as its IPv4 address", (spelling) => {
    expect(addressKey(spelling)).toBe("203.0.113.9");
  });

  it("keeps IPv4 addresses apart and never reads an octet as octal", () => {
    expect(addressKey("203.0.113.9")).not.toBe(addressKey("203.0.113.10"));
    // Not an address a client can have: counted as its own text, not as 8.1.1.1.
    expect(addressKey("010.1.1.1")).toBe("010.1.1.1");
  });

  it("counts text that is no address as itself (bounded), and nothing as no address", () => {
    expect(addressKey("not an address")).toBe("not an address");
    expect(addressKey("1::2::3")).toBe("1::2::3");
    expect(addressKey("x".repeat(500))).toHaveLength(64);
    expect(addressKey("")).toBeNull();
    expect(addressKey("   ")).toBeNull();
    expect(addressKey(null)).toBeNull();
  });

  it("handles the edges of the IPv6 grammar", () => {
    expect(addressKey("::")).toBe("0:0:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1")).toBe("fe80:0:0:0::/64");
    expect(addressKey("1:2:3:4:5:6:7:8")).toBe("1:2:3:4::/64");
    expect(addressKey("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
    expect(addressKey("1:2:3:4:5:6:7::8")).toBe("1:2:3:4:5:6:7::8");
    expect(addressKey("12345::1")).toBe("12345::1");
    expect(addressKey("::ffff:300.1.1.1")).toBe("::ffff:300.1.1.1");
  });
});
