/**
 * The one way this app makes a cookie: signed with COOKIE_SECRET, HttpOnly, SameSite=Lax, Secure in
 * production, for the whole site. Only the name and lifetime differ.
 */
import { createCookie } from "@remix-run/cloudflare";
import type { AppConfig } from "./env.server";

export function signedCookie(name: string, config: AppConfig, maxAgeSeconds?: number) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
    path: "/",
    maxAge: maxAgeSeconds,
    secrets: [config.cookieSecret],
  });
}
