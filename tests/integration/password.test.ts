import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/services/password.server";

describe("password hashing in the Workers runtime", () => {
  it("hashes with scrypt (N=2^14, r=8, p=5) and verifies", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await hashPassword("correct horse battery")).not.toBe(hash);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });
});
