import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./env.server";

const limiter = {} as RateLimit;
const bindings = {
  DB: {} as D1Database,
  IMAGES: {} as R2Bucket,
  IMAGE_TRANSFORMS: {} as ImagesBinding,
  RATE_LIMIT_REGISTER: limiter,
  RATE_LIMIT_CHECKOUT: limiter,
  RATE_LIMIT_CONTACT: limiter,
  RATE_LIMIT_UPLOAD: limiter,
  RATE_LIMIT_CHAT_TICKET: limiter,
  MESSAGES_QUEUE: {} as Queue<{ id: string }>,
};

const vars = {
  COOKIE_SECRET: "a-long-enough-secret",
  SELLER_WHATSAPP: "2348012345678",
  STORE_PHONE: "+234 801 234 5678",
  STORE_EMAIL: "support@medistore.ng",
  BANK_NAME: "Zenith Bank",
  BANK_ACCOUNT_NAME: "MediStore Pharmacy Ltd",
  BANK_ACCOUNT_NUMBER: "1012345678",
  SUPERINTENDENT_PHARMACIST_NAME: "Pharm. Adaeze Nwosu",
  SUPERINTENDENT_PHARMACIST_PCN: "PS-014523",
  PCN_PREMISES_NUMBER: "PCN/PREM/LA/2026/0417",
  CHAT_SECRET: "a-chat-secret-of-at-least-32-characters",
  CHAT_HOST: "medistore-chat.example.partykit.dev",
  RETENTION_PRESCRIPTION_DAYS: "730",
  RETENTION_CHAT_DAYS: "730",
  RETENTION_CONTACT_DAYS: "365",
  ORDER_RECORD_YEARS: "6",
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
    expect(() => parseConfig({ ...bindings, ...vars, SUPERINTENDENT_PHARMACIST_PCN: "<b>" })).toThrow(
      /SUPERINTENDENT_PHARMACIST_PCN must be a PCN registration number/,
    );
    expect(() => parseConfig({ ...bindings, ...vars, BANK_ACCOUNT_NUMBER: "12345" })).toThrow(
      /BANK_ACCOUNT_NUMBER must be a 10-digit NUBAN/,
    );
    expect(() => parseConfig({ ...bindings, ...vars, PCN_PREMISES_NUMBER: undefined })).toThrow(
      /PCN_PREMISES_NUMBER is missing/,
    );
    expect(() => parseConfig({ ...vars, IMAGES: bindings.IMAGES } as Env)).toThrow(ConfigError);
    expect(() => parseConfig({ ...vars, DB: bindings.DB, IMAGES: bindings.IMAGES } as Env)).toThrow(
      /IMAGE_TRANSFORMS/,
    );
    expect(() => parseConfig({ ...vars, DB: bindings.DB } as Env)).toThrow(/IMAGES/);
  });

  it("needs the chat secret and host, and no loopback chat host in production", () => {
    expect(parseConfig({ ...bindings, ...vars }).chat).toEqual({
      secret: vars.CHAT_SECRET,
      host: "medistore-chat.example.partykit.dev",
    });
    expect(() => parseConfig({ ...bindings, ...vars, CHAT_SECRET: undefined })).toThrow(
      /CHAT_SECRET is missing/,
    );
    expect(() => parseConfig({ ...bindings, ...vars, CHAT_SECRET: "short" })).toThrow(
      /CHAT_SECRET must be at least 32/,
    );
    expect(() => parseConfig({ ...bindings, ...vars, CHAT_HOST: undefined })).toThrow(/CHAT_HOST is missing/);
    expect(() => parseConfig({ ...bindings, ...vars, CHAT_HOST: "wss://x/y" })).toThrow(
      /CHAT_HOST must be a host/,
    );
    expect(() => parseConfig({ ...bindings, ...vars, CHAT_HOST: "127.0.0.1:1999" })).toThrow(
      /CHAT_HOST is 127/,
    );
    const local = { ...bindings, ...vars, APP_ENV: "development", CHAT_HOST: "127.0.0.1:1999" };
    expect(parseConfig(local).chat.host).toBe("127.0.0.1:1999");
  });

  it("pays online only when switched on, and then refuses to start without the gateway's secret key", () => {
    expect(parseConfig({ ...bindings, ...vars }).paystack).toBeNull();
    expect(() => parseConfig({ ...bindings, ...vars, PAYSTACK_ENABLED: "true" })).toThrow(
      /PAYSTACK_SECRET_KEY is missing while PAYSTACK_ENABLED is true/,
    );
    expect(() =>
      parseConfig({ ...bindings, ...vars, PAYSTACK_ENABLED: "true", PAYSTACK_SECRET_KEY: "pk_test_public" }),
    ).toThrow(/PAYSTACK_SECRET_KEY must be a Paystack secret key/);
    const live = parseConfig({
      ...bindings,
      ...vars,
      PAYSTACK_ENABLED: "true",
      PAYSTACK_SECRET_KEY: "sk_live_0123456789abcdef",
    });
    expect(live.paystack).toEqual({
      secretKey: "sk_live_0123456789abcdef",
      baseUrl: "https://api.paystack.co",
      checkoutOrigin: "https://checkout.paystack.com",
      releaseAfterMinutes: 60,
    });
    // A stand-in over plain http is for local runs only.
    const standIn = {
      PAYSTACK_ENABLED: "true",
      PAYSTACK_SECRET_KEY: "sk_test_local_key",
      PAYSTACK_BASE_URL: "http://127.0.0.1:8790/",
    };
    expect(() => parseConfig({ ...bindings, ...vars, ...standIn })).toThrow(
      /must be the gateway's https address/,
    );
    const local = parseConfig({
      ...bindings,
      ...vars,
      ...standIn,
      APP_ENV: "development",
      PAYMENT_RELEASE_MINUTES: "30",
    });
    expect(local.paystack).toMatchObject({
      baseUrl: "http://127.0.0.1:8790",
      checkoutOrigin: "http://127.0.0.1:8790",
      releaseAfterMinutes: 30,
    });
  });

  it("drops a trailing slash from PUBLIC_ORIGIN and treats empty as unset", () => {
    expect(parseConfig({ ...bindings, ...vars, PUBLIC_ORIGIN: "https://medistore.ng/" }).publicOrigin).toBe(
      "https://medistore.ng",
    );
    expect(parseConfig({ ...bindings, ...vars, PUBLIC_ORIGIN: "" }).publicOrigin).toBeUndefined();
  });

  it("names a missing rate-limit binding", () => {
    const { RATE_LIMIT_CHECKOUT: _missing, ...rest } = bindings;
    expect(() => parseConfig({ ...rest, ...vars } as unknown as Env)).toThrow(/RATE_LIMIT_CHECKOUT/);
  });
});

describe("retention periods", () => {
  it("reads them as whole numbers and names a missing or bad one", () => {
    expect(parseConfig({ ...bindings, ...vars }).retention).toEqual({
      prescriptionDays: 730,
      chatDays: 730,
      contactDays: 365,
      orderRecordYears: 6,
    });
    expect(() => parseConfig({ ...bindings, ...vars, RETENTION_CHAT_DAYS: undefined })).toThrow(
      /RETENTION_CHAT_DAYS is missing/,
    );
    expect(() => parseConfig({ ...bindings, ...vars, RETENTION_CONTACT_DAYS: "0" })).toThrow(
      /RETENTION_CONTACT_DAYS must be a whole number of days/,
    );
    expect(() => parseConfig({ ...bindings, ...vars, ORDER_RECORD_YEARS: "six" })).toThrow(
      /ORDER_RECORD_YEARS must be a whole number of years/,
    );
  });
});

describe("message providers", () => {
  it("refuses the local stand-in in production, and uses it for every channel elsewhere", () => {
    expect(() => parseConfig({ ...bindings, ...vars, MESSAGES_STANDIN_URL: "http://127.0.0.1:9" })).toThrow(
      /MESSAGES_STANDIN_URL is for local runs/,
    );
    const local = parseConfig({
      ...bindings,
      ...vars,
      APP_ENV: "development",
      MESSAGES_STANDIN_URL: "http://127.0.0.1:9/",
    });
    expect(local.messages.sms.baseUrl).toBe("http://127.0.0.1:9");
    expect(local.messages.whatsapp.baseUrl).toBe("http://127.0.0.1:9/v21.0");
  });

  it("leaves a channel without keys unable to send in production", () => {
    const config = parseConfig({ ...bindings, ...vars });
    expect(config.messages.sms.apiKey).toBeNull();
    expect(config.messages.whatsapp.phoneNumberId).toBeNull();
  });
});
