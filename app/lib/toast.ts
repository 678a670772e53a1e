/** A short message shown at the bottom of the screen (success 2 s, error and info 4 s). */
export type Toast = { type: "success" | "error" | "info"; message: string };
