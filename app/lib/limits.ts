/** Limits shown in forms as well as enforced by the schemas (kept free of zod so pages stay light). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
