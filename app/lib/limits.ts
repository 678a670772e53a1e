/** Limits shown in forms as well as enforced by the schemas (kept free of zod so pages stay light). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** How long an admin-issued password reset link works. */
export const RESET_LINK_TTL_MINUTES = 60;
/** Counted stock at or below this shows as running low in the back office. */
export const LOW_STOCK = 5;
