/** Bindings and variables of the Worker (wrangler.toml [vars], secrets in .dev.vars / wrangler secret). */
interface Env {
  DB: D1Database;
  IMAGES: R2Bucket;
  /** Cloudflare Images: resizes product photos into WebP thumbnails. */
  IMAGE_TRANSFORMS: ImagesBinding;
  /** Workers Rate Limiting, one binding per limited action (wrangler.toml [[ratelimits]]). */
  RATE_LIMIT_REGISTER: RateLimit;
  RATE_LIMIT_CHECKOUT: RateLimit;
  RATE_LIMIT_CONTACT: RateLimit;
  RATE_LIMIT_UPLOAD: RateLimit;
  RATE_LIMIT_CHAT_TICKET: RateLimit;

  APP_ENV?: string;
  COOKIE_SECRET?: string;
  SELLER_WHATSAPP?: string;
  STORE_PHONE?: string;
  STORE_EMAIL?: string;
  BANK_NAME?: string;
  BANK_ACCOUNT_NAME?: string;
  BANK_ACCOUNT_NUMBER?: string;
  SUPERINTENDENT_PHARMACIST_NAME?: string;
  SUPERINTENDENT_PHARMACIST_PCN?: string;
  PCN_PREMISES_NUMBER?: string;
  PUBLIC_ORIGIN?: string;
  CHAT_SECRET?: string;
  CHAT_HOST?: string;
  RETENTION_PRESCRIPTION_DAYS?: string;
  RETENTION_CHAT_DAYS?: string;
  RETENTION_CONTACT_DAYS?: string;
  ORDER_RECORD_YEARS?: string;
  CATALOGUE_VERSION_TTL_MS?: string;
  PAYSTACK_ENABLED?: string;
  PAYSTACK_SECRET_KEY?: string;
  PAYSTACK_BASE_URL?: string;
  PAYMENT_RELEASE_MINUTES?: string;

  /** Messages (app/features/messages/): the outbox's queue, its dead letters, and e-mail sending. */
  MESSAGES_QUEUE: Queue<{ id: string }>;
  EMAIL?: SendEmail;
  /** Local and tests only: the providers' stand-in (scripts/message-standin.mjs) for every channel. */
  MESSAGES_STANDIN_URL?: string;
  MESSAGES_FROM_EMAIL?: string;
  MESSAGE_RETRY_SECONDS?: string;
  SMS_API_BASE?: string;
  SMS_API_KEY?: string;
  SMS_SENDER_ID?: string;
  SMS_WEBHOOK_SECRET?: string;
  WHATSAPP_API_BASE?: string;
  WHATSAPP_TOKEN?: string;
  WHATSAPP_PHONE_NUMBER_ID?: string;
  WHATSAPP_TEMPLATE?: string;
  WHATSAPP_APP_SECRET?: string;
}

/** The Remix server build (wrangler.toml [alias]: build/server, or the tests' own build). */
declare module "medistore-server-build" {
  const build: unknown;
  export = build;
}
