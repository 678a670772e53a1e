/**
 * The Worker's configuration, validated once per isolate at the entry (workers/app.ts). A missing or bad
 * variable fails every request with a message naming it, instead of misbehaving later.
 */
import { z } from "zod";
import { PCN_NUMBER } from "~/lib/validation";

/** A whole number of days or years, given as a wrangler.toml var (a string). */
const period = (name: string, unit: string) =>
  z
    .string({ error: `${name} is missing (a number of ${unit}; see wrangler.toml)` })
    .regex(/^[1-9]\d{0,4}$/, `${name} must be a whole number of ${unit}`)
    .transform(Number);

const envSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("production"),
  COOKIE_SECRET: z
    .string({ error: "COOKIE_SECRET is missing (set it in .dev.vars or with `wrangler secret put`)" })
    .min(16, "COOKIE_SECRET must be at least 16 characters"),
  SELLER_WHATSAPP: z
    .string({ error: "SELLER_WHATSAPP is missing (the pharmacy's WhatsApp number, e.g. 2348012345678)" })
    .regex(/^\d{10,15}$/, "SELLER_WHATSAPP must be digits only in international form, e.g. 2348012345678"),
  STORE_PHONE: z.string({ error: "STORE_PHONE is missing" }).min(5, "STORE_PHONE is missing"),
  STORE_EMAIL: z.email("STORE_EMAIL must be an e-mail address"),
  // The pharmacy's registration, shown in the footer and on /about (Pharmacists Council of Nigeria).
  SUPERINTENDENT_PHARMACIST_NAME: z
    .string({ error: "SUPERINTENDENT_PHARMACIST_NAME is missing (the superintendent pharmacist's name)" })
    .trim()
    .min(3, "SUPERINTENDENT_PHARMACIST_NAME is missing (the superintendent pharmacist's name)"),
  SUPERINTENDENT_PHARMACIST_PCN: z
    .string({ error: "SUPERINTENDENT_PHARMACIST_PCN is missing (their PCN registration number)" })
    .trim()
    .regex(PCN_NUMBER, "SUPERINTENDENT_PHARMACIST_PCN must be a PCN registration number, e.g. PS-012345"),
  PCN_PREMISES_NUMBER: z
    .string({ error: "PCN_PREMISES_NUMBER is missing (the pharmacy's PCN premises registration number)" })
    .trim()
    .regex(PCN_NUMBER, "PCN_PREMISES_NUMBER must be a PCN registration number, e.g. PCN/PREM/LA/0123"),
  // Where bank transfers go: shown on the order page of an order paid by transfer.
  BANK_NAME: z
    .string({ error: "BANK_NAME is missing (the bank of the pharmacy's account)" })
    .trim()
    .min(2, "BANK_NAME is missing"),
  BANK_ACCOUNT_NAME: z
    .string({ error: "BANK_ACCOUNT_NAME is missing (the name on the pharmacy's account)" })
    .trim()
    .min(2, "BANK_ACCOUNT_NAME is missing"),
  BANK_ACCOUNT_NUMBER: z
    .string({ error: "BANK_ACCOUNT_NUMBER is missing (the pharmacy's 10-digit account number)" })
    .regex(/^\d{10}$/, "BANK_ACCOUNT_NUMBER must be a 10-digit NUBAN account number"),
  PUBLIC_ORIGIN: z
    .string()
    .optional()
    .transform((value) => (value ? value.replace(/\/$/, "") : undefined)),
  // Shared with the chat party (party/, docs/chat.md): signs chat tickets and the Worker's calls to it.
  CHAT_SECRET: z
    .string({ error: "CHAT_SECRET is missing (set it in .dev.vars or with `wrangler secret put`)" })
    .min(32, "CHAT_SECRET must be at least 32 characters"),
  // Where browsers and this Worker reach the party: host[:port], e.g. medistore-chat.<you>.partykit.dev.
  CHAT_HOST: z
    .string({ error: "CHAT_HOST is missing (the chat party's host, e.g. 127.0.0.1:1999 locally)" })
    .regex(
      /^[A-Za-z0-9.-]+(:\d{1,5})?$/,
      "CHAT_HOST must be a host with an optional port, e.g. 127.0.0.1:1999",
    ),
  // How long personal data is kept (docs/product-rules.md, Privacy): the retention job and /privacy read these.
  RETENTION_PRESCRIPTION_DAYS: period("RETENTION_PRESCRIPTION_DAYS", "days"),
  RETENTION_CHAT_DAYS: period("RETENTION_CHAT_DAYS", "days"),
  RETENTION_CONTACT_DAYS: period("RETENTION_CONTACT_DAYS", "days"),
  ORDER_RECORD_YEARS: period("ORDER_RECORD_YEARS", "years"),
  // How long an isolate trusts the catalogue version it read (workers/edge-cache.ts); 0 reads it every time.
  CATALOGUE_VERSION_TTL_MS: z
    .string()
    .regex(/^\d{1,5}$/, "CATALOGUE_VERSION_TTL_MS must be a whole number of milliseconds (0 to 99999)")
    .default("1000")
    .transform(Number),
  // Paying online through Paystack (services/paystack.server.ts). Off unless "true"; when on, the secret
  // key is required (a secret: .dev.vars locally, `wrangler secret put` in production).
  PAYSTACK_ENABLED: z
    .enum(["true", "false"], { error: 'PAYSTACK_ENABLED must be "true" or "false"' })
    .default("false"),
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(
      /^sk_(test|live)_[A-Za-z0-9_]{8,}$/,
      "PAYSTACK_SECRET_KEY must be a Paystack secret key (sk_test_… or sk_live_…)",
    )
    .optional(),
  // The gateway's API; locally and in tests the stand-in (scripts/paystack-standin.mjs).
  PAYSTACK_BASE_URL: z
    .url({ error: "PAYSTACK_BASE_URL must be a URL, e.g. https://api.paystack.co" })
    .default("https://api.paystack.co")
    .transform((value) => value.replace(/\/$/, "")),
  // An order paid online whose money has not arrived after this long gives its stock back (the payments job).
  PAYMENT_RELEASE_MINUTES: z
    .string()
    .regex(/^[1-9]\d{0,4}$/, "PAYMENT_RELEASE_MINUTES must be a whole number of minutes")
    .default("60")
    .transform(Number),
  // Messages (app/features/messages/, README "Messages"): each provider is used once its keys are set.
  MESSAGES_STANDIN_URL: z.url("MESSAGES_STANDIN_URL must be a URL").optional(),
  MESSAGES_FROM_EMAIL: z.email("MESSAGES_FROM_EMAIL must be an e-mail address").optional(),
  MESSAGE_RETRY_SECONDS: z
    .string()
    .regex(/^\d{1,4}$/, "MESSAGE_RETRY_SECONDS must be a whole number of seconds")
    .default("30")
    .transform(Number),
  SMS_API_BASE: z.url("SMS_API_BASE must be a URL").default("https://api.ng.termii.com"),
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9 ]{3,11}$/, "SMS_SENDER_ID must be 3 to 11 letters or digits")
    .default("MediStore"),
  SMS_WEBHOOK_SECRET: z.string().min(16, "SMS_WEBHOOK_SECRET must be at least 16 characters").optional(),
  WHATSAPP_API_BASE: z.url("WHATSAPP_API_BASE must be a URL").default("https://graph.facebook.com/v21.0"),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, "WHATSAPP_PHONE_NUMBER_ID must be digits")
    .optional(),
  WHATSAPP_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,100}$/)
    .default("order_update"),
  WHATSAPP_APP_SECRET: z.string().min(16, "WHATSAPP_APP_SECRET must be at least 16 characters").optional(),
});

/** A provider's HTTP API: where it is and the key it takes (none: the channel cannot send yet). */
export type ProviderConfig = { baseUrl: string; apiKey: string | null; webhookSecret: string | null };

export type MessagesConfig = {
  /** Local and tests: every channel goes to the stand-in, and /dev/inbox shows what it received. */
  standinUrl: string | null;
  from: string;
  retryBaseSeconds: number;
  sms: ProviderConfig & { senderId: string };
  whatsapp: ProviderConfig & { phoneNumberId: string | null; template: string };
};

/** Retention periods: the scheduled job enforces them, the privacy page states them. */
export type RetentionConfig = {
  prescriptionDays: number;
  chatDays: number;
  contactDays: number;
  orderRecordYears: number;
};

export type AppConfig = {
  isProduction: boolean;
  /** The Worker logs each request (workers/request-log.ts); not in test runs, whose output stays readable. */
  logRequests: boolean;
  cookieSecret: string;
  sellerWhatsApp: string;
  storePhone: string;
  storeEmail: string;
  /** Origin used in links that leave the site (WhatsApp message); defaults to the request's origin. */
  publicOrigin?: string;
  /** The chat party (PartyKit): its host and the secret shared with it. */
  chat: { secret: string; host: string };
  /** The account shoppers who chose bank transfer pay into. */
  bank: { name: string; accountName: string; accountNumber: string };
  /** The pharmacy's registration with the Pharmacists Council of Nigeria (footer, /about). */
  pharmacy: { superintendentName: string; superintendentPcn: string; premisesNumber: string };
  retention: RetentionConfig;
  /** How long an isolate trusts the catalogue version it read before reading it again. */
  catalogueVersionTtlMs: number;
  /** Paying online: null when the method is off (checkout does not offer it). */
  paystack: {
    secretKey: string;
    baseUrl: string;
    /** Where the gateway's payment pages are: pages may send a form on to them (CSP form-action). */
    checkoutOrigin: string;
    releaseAfterMinutes: number;
  } | null;
  messages: MessagesConfig;
};

export class ConfigError extends Error {}

/** The gateway serves its payment pages from its own host; a stand-in serves them beside its API. */
function checkoutOriginOf(baseUrl: string): string {
  const api = new URL(baseUrl);
  return api.hostname === "api.paystack.co" ? "https://checkout.paystack.com" : api.origin;
}

const RATE_LIMIT_BINDINGS = [
  "RATE_LIMIT_REGISTER",
  "RATE_LIMIT_CHECKOUT",
  "RATE_LIMIT_CONTACT",
  "RATE_LIMIT_UPLOAD",
  "RATE_LIMIT_CHAT_TICKET",
] as const satisfies readonly (keyof Env)[];

export function parseConfig(env: Env): AppConfig {
  if (!env.DB) throw new ConfigError("The D1 binding DB is missing (see wrangler.toml)");
  if (!env.IMAGES) throw new ConfigError("The R2 binding IMAGES is missing (see wrangler.toml)");
  if (!env.IMAGE_TRANSFORMS)
    throw new ConfigError("The Images binding IMAGE_TRANSFORMS is missing (see wrangler.toml)");

  if (!env.MESSAGES_QUEUE)
    throw new ConfigError(
      "The queue binding MESSAGES_QUEUE is missing (see wrangler.toml [[queues.producers]])",
    );

  for (const name of RATE_LIMIT_BINDINGS) {
    if (!env[name])
      throw new ConfigError(`The rate-limit binding ${name} is missing (see wrangler.toml [[ratelimits]])`);
  }

  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  }
  const vars = parsed.data;
  if (vars.APP_ENV === "production" && /^(localhost|127\.|0\.0\.0\.0)/.test(vars.CHAT_HOST)) {
    throw new ConfigError(
      `Invalid configuration: CHAT_HOST is ${vars.CHAT_HOST} in production; set it to the deployed party's host`,
    );
  }
  const paystackOn = vars.PAYSTACK_ENABLED === "true";
  if (paystackOn && !vars.PAYSTACK_SECRET_KEY)
    throw new ConfigError(
      "Invalid configuration: PAYSTACK_SECRET_KEY is missing while PAYSTACK_ENABLED is true (set it with `wrangler secret put PAYSTACK_SECRET_KEY`, or in .dev.vars locally)",
    );
  if (paystackOn && vars.APP_ENV === "production" && !vars.PAYSTACK_BASE_URL.startsWith("https://"))
    throw new ConfigError(
      `Invalid configuration: PAYSTACK_BASE_URL is ${vars.PAYSTACK_BASE_URL} in production; it must be the gateway's https address`,
    );
  if (vars.APP_ENV === "production" && vars.MESSAGES_STANDIN_URL) {
    throw new ConfigError(
      "Invalid configuration: MESSAGES_STANDIN_URL is for local runs and tests; production uses the providers",
    );
  }
  const standin = vars.MESSAGES_STANDIN_URL?.replace(/\/$/, "") ?? null;
  return {
    paystack:
      paystackOn && vars.PAYSTACK_SECRET_KEY
        ? {
            secretKey: vars.PAYSTACK_SECRET_KEY,
            baseUrl: vars.PAYSTACK_BASE_URL,
            checkoutOrigin: checkoutOriginOf(vars.PAYSTACK_BASE_URL),
            releaseAfterMinutes: vars.PAYMENT_RELEASE_MINUTES,
          }
        : null,
    messages: {
      standinUrl: standin,
      from: vars.MESSAGES_FROM_EMAIL ?? vars.STORE_EMAIL,
      retryBaseSeconds: vars.MESSAGE_RETRY_SECONDS,
      sms: {
        baseUrl: standin ?? vars.SMS_API_BASE.replace(/\/$/, ""),
        apiKey: vars.SMS_API_KEY ?? (standin ? "standin" : null),
        webhookSecret: vars.SMS_WEBHOOK_SECRET ?? null,
        senderId: vars.SMS_SENDER_ID,
      },
      whatsapp: {
        baseUrl: standin ? `${standin}/v21.0` : vars.WHATSAPP_API_BASE.replace(/\/$/, ""),
        apiKey: vars.WHATSAPP_TOKEN ?? (standin ? "standin" : null),
        webhookSecret: vars.WHATSAPP_APP_SECRET ?? null,
        phoneNumberId: vars.WHATSAPP_PHONE_NUMBER_ID ?? (standin ? "100000000000001" : null),
        template: vars.WHATSAPP_TEMPLATE,
      },
    },
    isProduction: vars.APP_ENV === "production",
    logRequests: vars.APP_ENV !== "test",
    catalogueVersionTtlMs: vars.CATALOGUE_VERSION_TTL_MS,
    cookieSecret: vars.COOKIE_SECRET,
    sellerWhatsApp: vars.SELLER_WHATSAPP,
    storePhone: vars.STORE_PHONE,
    storeEmail: vars.STORE_EMAIL,
    publicOrigin: vars.PUBLIC_ORIGIN,
    chat: { secret: vars.CHAT_SECRET, host: vars.CHAT_HOST },
    bank: {
      name: vars.BANK_NAME,
      accountName: vars.BANK_ACCOUNT_NAME,
      accountNumber: vars.BANK_ACCOUNT_NUMBER,
    },
    pharmacy: {
      superintendentName: vars.SUPERINTENDENT_PHARMACIST_NAME,
      superintendentPcn: vars.SUPERINTENDENT_PHARMACIST_PCN,
      premisesNumber: vars.PCN_PREMISES_NUMBER,
    },
    retention: {
      prescriptionDays: vars.RETENTION_PRESCRIPTION_DAYS,
      chatDays: vars.RETENTION_CHAT_DAYS,
      contactDays: vars.RETENTION_CONTACT_DAYS,
      orderRecordYears: vars.ORDER_RECORD_YEARS,
    },
  };
}
