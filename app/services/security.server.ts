import type { AppConfig } from "./env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state changes sent by another site (on top of SameSite=Lax cookies). Browsers send Origin on
 * every cross-origin POST; requests without it (curl, server-to-server API clients) carry no ambient
 * cookies worth stealing, and the API authenticates them by token.
 */
export function isCrossSiteWrite(request: Request, config: AppConfig): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return true;
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  const allowed = new Set([new URL(request.url).origin]);
  if (config.publicOrigin) allowed.add(config.publicOrigin);
  return !allowed.has(origin);
}
