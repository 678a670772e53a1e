/** Bindings and variables of the Worker (wrangler.toml [vars], secrets in .dev.vars / wrangler secret). */
interface Env {
  DB: D1Database;
  IMAGES: R2Bucket;
  /** Cloudflare Images: resizes product photos into WebP thumbnails. */
  IMAGE_TRANSFORMS: ImagesBinding;

  APP_ENV?: string;
  COOKIE_SECRET?: string;
  SELLER_WHATSAPP?: string;
  STORE_PHONE?: string;
  STORE_EMAIL?: string;
  PUBLIC_ORIGIN?: string;
  CHAT_SECRET?: string;
  CHAT_HOST?: string;
}
