/** Limits shown in forms as well as enforced by the schemas (kept free of zod so pages stay light). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** How long an admin-issued password reset link works. */
export const RESET_LINK_TTL_MINUTES = 60;
/** Counted stock at or below this shows as running low in the back office. */
export const LOW_STOCK = 5;
/** Largest image a shopper or admin may upload. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Multipart framing and the other fields of a form, on top of its file. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;
/** The largest request body but an upload's (forms, JSON): far above the longest text any field takes. */
export const BODY_MAX_BYTES = 64 * 1024;
/** The largest multipart body of a route that takes uploads (lib/route-policy.ts): an image and its form. */
export const UPLOAD_BODY_MAX_BYTES = MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES;
/** A pharmacist's note is at most this long (a rejection needs one; the customer reads it). */
export const REVIEW_NOTE_MAX = 1000;
/**
 * The largest multipart body of a form whose typed fields travel with a camera photo (lib/route-policy.ts,
 * `photoForm`): read whole up to this, so that a photo over MAX_IMAGE_BYTES is refused with everything
 * typed kept instead of the whole form. Phone cameras take photos of 3 to 12 MB.
 */
export const PHOTO_FORM_MAX_BYTES = 16 * 1024 * 1024;
