import { DATA_SAVER_COOKIE, DATA_SAVER_MAX_AGE_SECONDS, type DataSaverChoice } from "~/lib/data-saver";
import type { AppConfig } from "./env.server";

/**
 * The Set-Cookie of the data saver toggle. Plain (a preference, not a permission: see lib/data-saver.ts),
 * HttpOnly all the same since no script reads it (the page is told the mode by the root loader).
 */
export function dataSaverSetCookie(choice: DataSaverChoice, config: Pick<AppConfig, "isProduction">) {
  const parts = [
    `${DATA_SAVER_COOKIE}=${choice}`,
    "Path=/",
    `Max-Age=${DATA_SAVER_MAX_AGE_SECONDS}`,
    "SameSite=Lax",
    "HttpOnly",
  ];
  if (config.isProduction) parts.push("Secure");
  return parts.join("; ");
}
