import { COOKIES } from "~/lib/cookies";
import type { DataSaverChoice } from "~/lib/data-saver";
import type { AppConfig } from "./env.server";

/**
 * The Set-Cookie of the data saver toggle. Plain (a preference, not a permission: see lib/data-saver.ts),
 * HttpOnly all the same since no script reads it (the page is told the mode by the root loader).
 */
export function dataSaverSetCookie(choice: DataSaverChoice, config: Pick<AppConfig, "isProduction">) {
  const parts = [
    `${COOKIES.dataSaver.name}=${choice}`,
    "Path=/",
    `Max-Age=${COOKIES.dataSaver.maxAgeSeconds}`,
    "SameSite=Lax",
    "HttpOnly",
  ];
  if (config.isProduction) parts.push("Secure");
  return parts.join("; ");
}
