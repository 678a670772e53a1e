/**
 * The back office at 100,000 orders: Admin › Orders (first page, a late page, filters) and its search by
 * phone and by name, as the demo admin sees them. Sequential requests (one admin at a time), so each figure
 * is the time of the queries and the page, not of queueing.
 */
import { URLSearchParams } from "node:url";
import { get } from "../servers.mjs";
import { summarize } from "../stats.mjs";

/** The local demo admin the seed creates (scripts/demo-admin.ts, which plain Node cannot import). */
const DEMO_ADMIN_EMAIL = "admin@medistore.test";
const DEMO_ADMIN_PASSWORD = "medistore-admin-demo";

/**
 * What is timed, by kind. The phone and names exist in the bench orders (scripts/bench/orders.mjs): a
 * repeat customer's phone, a surname thousands share, a full name, and a name nobody has.
 * @param {{ phone: string, fullName: string }} sample
 */
export function orderPaths({ phone, fullName }) {
  return {
    pages: [
      { kind: "first page", path: "/admin/orders" },
      { kind: "page 1,000 (orders 49,951–50,000)", path: "/admin/orders?page=1000" },
      { kind: "filter: status Pending", path: "/admin/orders?status=Pending" },
      { kind: "filter: not paid", path: "/admin/orders?paymentStatus=unpaid" },
      {
        kind: "filter: Delivered in a month",
        path: "/admin/orders?status=Delivered&from=2025-03-01&to=2025-03-31",
      },
    ],
    searches: [
      { kind: "search by phone", path: `/admin/orders?q=${encodeURIComponent(phone)}` },
      { kind: "search by name (surname)", path: "/admin/orders?q=Okafor" },
      { kind: "search by name (full name)", path: `/admin/orders?q=${encodeURIComponent(fullName)}` },
      { kind: "search by name (no match)", path: "/admin/orders?q=Zebedee" },
    ],
  };
}

/**
 * Signs the demo admin in with the login form and answers the session cookie.
 * @param {string} base
 */
async function adminCookie(base) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD }),
  });
  const cookies = res.headers.getSetCookie().map((line) => line.split(";")[0]);
  if (res.status !== 302 || cookies.length === 0)
    throw new Error(`the demo admin could not log in (${res.status})`);
  return cookies.join("; ");
}

/** @param {string} url @param {string} cookie */
async function timedGet(url, cookie) {
  const { status, body, ms } = await get(url, { Cookie: cookie });
  return { status, body: body.toString("utf8"), ms };
}

/** Rows on an Admin › Orders page. @param {string} html */
const rowsOn = (html) => (html.match(/data-testid="admin-order"/g) ?? []).length;

/**
 * @param {string} base server origin
 * @param {{ reps: number, sample: { phone: string, fullName: string }, log: (message: string) => void }} options
 */
export async function measureOrders(base, { reps, sample, log }) {
  const cookie = await adminCookie(base);
  const { pages, searches } = orderPaths(sample);
  /** @type {string[]} */
  const problems = [];
  const time = async (/** @type {{ kind: string, path: string }[]} */ list) => {
    const out = [];
    for (const { kind, path } of list) {
      const warm = await timedGet(base + path, cookie);
      const ms = [];
      for (let i = 0; i < reps; i++) {
        const { status, ms: took } = await timedGet(base + path, cookie);
        if (status !== 200) problems.push(`${status} ${path}`);
        ms.push(took);
      }
      out.push({ kind, path, rows: rowsOn(warm.body), ...summarize(ms) });
      log(`  ${kind}: done`);
    }
    return out;
  };
  const pageFigures = await time(pages);
  const searchFigures = await time(searches);
  return { pages: pageFigures, searches: searchFigures, problems };
}
