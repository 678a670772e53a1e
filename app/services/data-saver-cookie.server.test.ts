import { describe, expect, it } from "vitest";
import { dataSaverChoice } from "~/lib/data-saver";
import { dataSaverSetCookie } from "./data-saver-cookie.server";

describe("dataSaverSetCookie", () => {
  it("keeps the choice a year, site-wide, SameSite=Lax, out of scripts' reach", () => {
    expect(dataSaverSetCookie("on", { isProduction: false })).toBe(
      "data_saver=on; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly",
    );
  });

  it("is Secure in production", () => {
    expect(dataSaverSetCookie("off", { isProduction: true })).toMatch(/^data_saver=off; .*; Secure$/);
  });

  it("is read back by the shared rule", () => {
    const [pair] = dataSaverSetCookie("on", { isProduction: false }).split(";");
    expect(dataSaverChoice(`cart=x; ${pair}`)).toBe("on");
  });
});
