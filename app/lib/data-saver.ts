/**
 * Data saver: a shopper on costly mobile data gets pages without product images or anything optional.
 * It is on when the browser sends `Save-Data: on` (Chrome's Lite mode and Android's data saver do) or when
 * the shopper turned it on with the site's toggle; the toggle's "off" also overrides the header. The toggle is
 * a plain cookie (not signed: it carries a preference, not a permission), so it works without JavaScript and
 * the edge cache can key on it cheaply.
 */
import { COOKIES } from "./cookies";

const DATA_SAVER_COOKIE = COOKIES.dataSaver.name;

export type DataSaverChoice = "on" | "off";

/** The toggle's value from a Cookie header, or null when the shopper has not chosen. */
export function dataSaverChoice(cookieHeader: string | null): DataSaverChoice | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== DATA_SAVER_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (value === "on" || value === "off") return value;
  }
  return null;
}

/** Whether this request gets the data-saving page: the shopper's choice first, then the browser's header. */
export function isDataSaver(request: Request): boolean {
  const choice = dataSaverChoice(request.headers.get("Cookie"));
  if (choice) return choice === "on";
  return request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
}
