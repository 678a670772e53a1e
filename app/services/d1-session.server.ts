/**
 * D1 read replication through its Sessions API: each request runs its queries in one D1 session, so reads
 * may go to a replica near the Worker rather than to the primary a region away, and still see everything
 * the same client wrote before.
 *
 * A request that may write (anything but GET and HEAD) starts at the primary ("first-primary"): its reads
 * decide what it writes. A read starts where its client's last bookmark says: a replica at least as new as
 * that client's own last write. Without one it may read anywhere ("first-unconstrained"). The bookmark
 * travels per client: a signed cookie for browsers (lib/cookies.ts, `d1Bookmark`), the `x-d1-bookmark`
 * header both ways for API clients (docs/api.md). Locally and in tests the one database is its own primary.
 */
import { COOKIES } from "~/lib/cookies";
import { signedCookie } from "./cookies.server";
import type { AppConfig } from "./env.server";

export const BOOKMARK_HEADER = "x-d1-bookmark";

/** D1's bookmarks are groups of hex digits joined by dashes; anything else a client sends is ignored. */
const BOOKMARK = /^[0-9a-f]{1,40}(?:-[0-9a-f]{1,40}){0,7}$/i;

export type D1Session = {
  /** The session's binding: a D1Database for every reader of it (prepare and batch). */
  d1: D1Database;
  /** Where the client is now: the bookmark of the session's last query (null: no query ran). */
  bookmark: () => string | null;
};

const bookmarkCookie = (config: AppConfig) => signedCookie(COOKIES.d1Bookmark, config);

export function isApiRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}

/** The bookmark the client sent, when it is one: the API's header, a browser's cookie. */
async function sentBookmark(request: Request, config: AppConfig): Promise<string | null> {
  let value: unknown = request.headers.get(BOOKMARK_HEADER);
  if (value === null) {
    try {
      value = await bookmarkCookie(config).parse(request.headers.get("Cookie"));
    } catch {
      value = null;
    }
  }
  return typeof value === "string" && value.length <= 200 && BOOKMARK.test(value) ? value : null;
}

export async function openD1Session(db: D1Database, request: Request, config: AppConfig): Promise<D1Session> {
  const writes = request.method !== "GET" && request.method !== "HEAD";
  const start = writes ? "first-primary" : ((await sentBookmark(request, config)) ?? "first-unconstrained");
  const session = db.withSession(start);
  return {
    // Drizzle and the batched reads use prepare and batch only, which a session has.
    d1: session as unknown as D1Database,
    bookmark: () => session.getBookmark(),
  };
}

/**
 * Hands the client its bookmark: an API answer always carries it in `x-d1-bookmark`; a browser gets the
 * cookie after a request that may have written (its next page must read that write). A page kept by the
 * edge cache never gets here (workers/app.ts): it must carry nothing of one visitor's.
 */
export async function carryBookmark(
  response: Response,
  request: Request,
  session: D1Session,
  config: AppConfig,
): Promise<Response> {
  const bookmark = session.bookmark();
  if (!bookmark) return response;
  const api = isApiRequest(request);
  if (!api && (request.method === "GET" || request.method === "HEAD")) return response;
  // A copy: a response the runtime made (a fetch's, the cache's) has headers that cannot change.
  const answer = new Response(response.body, response);
  if (api) answer.headers.set(BOOKMARK_HEADER, bookmark);
  else answer.headers.append("Set-Cookie", await bookmarkCookie(config).serialize(bookmark));
  return answer;
}
