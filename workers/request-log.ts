/**
 * The Worker's own request log: one line per request, in fields Workers Logs indexes, with the secret of
 * every secret link redacted (lib/route-policy.ts) and no query string (a search says what someone is ill
 * with; a redirectTo may hold a link). Cloudflare's invocation logs, which hold each whole URL, are off
 * (wrangler.toml [observability.logs]), and `npm start` leaves wrangler dev's request lines out
 * (scripts/dev-log.mjs): this is the request log.
 */
import { redactSecrets } from "../app/lib/route-policy";

export function logRequest(request: Request, url: URL, status: number, startedAt: number): void {
  console.log({
    method: request.method,
    path: redactSecrets(url.pathname),
    status,
    ms: Date.now() - startedAt,
  });
}
