/**
 * The one way this app makes a signed cookie: signed with COOKIE_SECRET, HttpOnly, SameSite=Lax, Secure in
 * production, for the whole site. The name and lifetime are the registry's (lib/cookies.ts).
 */
import { createCookie } from "@remix-run/cloudflare";
import type { RegisteredCookie } from "~/lib/cookies";
import type { AppConfig } from "./env.server";

export function signedCookie(cookie: RegisteredCookie, config: AppConfig) {
  return createCookie(cookie.name, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
    path: "/",
    maxAge: cookie.maxAgeSeconds ?? undefined,
    secrets: [config.cookieSecret],
  });
}
