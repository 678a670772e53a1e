import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./env.server";

const bindings = { DB: {} as D1Database, IMAGES: {} as R2Bucket, IMAGE_TRANSFORMS: {} as ImagesBinding };

const vars = {
  COOKIE_SECRET: "a-long-enough-secret",
  SELLER_WHATSAPP: "2348012345678",
  STORE_PHONE: "+234 801 234 5678",
  STORE_EMAIL: "support@medistore.ng",
};

describe("parseConfig", () => {
  it("accepts a complete configuration, production by default", () => {
    const config = parseConfig({ ...bindings, ...vars });
    expect(config.isProduction).toBe(true);
    expect(config.sellerWhatsApp).toBe("2348012345678");
    expect(parseConfig({ ...bindings, ...vars, APP_ENV: "development" }).isProduction).toBe(false);
  });

  it("names what is missing or wrong", () => {
    expect(() => parseConfig({ ...bindings, ...vars, COOKIE_SECRET: undefined })).toThrow(
      /COOKIE_SECRET is missing/,
    );
    expect(() => parseConfig({ ...bindings, ...vars, COOKIE_SECRET: "short" })).toThrow(
      /COOKIE_SECRET must be at least 16/,
    );
    expect(() => parseConfig({ ...bindings, ...vars, SELLER_WHATSAPP: "+234 801" })).toThrow(
      /SELLER_WHATSAPP must be digits/,
    );
    expect(() => parseConfig({ ...bindings, ...vars, STORE_EMAIL: "nope" })).toThrow(/STORE_EMAIL/);
    expect(() => parseConfig({ ...vars, IMAGES: bindings.IMAGES } as Env)).toThrow(ConfigError);
    expect(() => parseConfig({ ...vars, DB: bindings.DB, IMAGES: bindings.IMAGES } as Env)).toThrow(
      /IMAGE_TRANSFORMS/,
    );
    expect(() => parseConfig({ ...vars, DB: bindings.DB } as Env)).toThrow(/IMAGES/);
  });

  it("drops a trailing slash from PUBLIC_ORIGIN and treats empty as unset", () => {
    expect(parseConfig({ ...bindings, ...vars, PUBLIC_ORIGIN: "https://medistore.ng/" }).publicOrigin).toBe(
      "https://medistore.ng",
    );
    expect(parseConfig({ ...bindings, ...vars, PUBLIC_ORIGIN: "" }).publicOrigin).toBeUndefined();
  });
});
