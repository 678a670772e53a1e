/**
 * Toasts that survive a redirect: the action stores one in a signed flash cookie, the next page's root
 * loader reads (and so clears) it and the client shows it (docs/product-rules.md, Toasts).
 */
import { createCookieSessionStorage, redirect } from "@remix-run/cloudflare";
import { COOKIES } from "~/lib/cookies";
import type { Toast } from "~/lib/toast";
import { signedCookie } from "./cookies.server";
import type { AppConfig } from "./env.server";

function toastStorage(config: AppConfig) {
  return createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: signedCookie(COOKIES.toast, config),
  });
}

export async function toastCookie(config: AppConfig, toast: Toast): Promise<string> {
  const storage = toastStorage(config);
  const session = await storage.getSession();
  session.flash("toast", toast);
  return storage.commitSession(session);
}

export async function readToast(request: Request, config: AppConfig) {
  const storage = toastStorage(config);
  // A forged or unreadable cookie is no toast, never an error page.
  const session = await storage.getSession(request.headers.get("Cookie")).catch(() => storage.getSession());
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: toast ? await storage.commitSession(session) : null };
}

export async function redirectWithToast(
  url: string,
  toast: Toast,
  config: AppConfig,
  headers = new Headers(),
) {
  headers.append("Set-Cookie", await toastCookie(config, toast));
  return redirect(url, { headers });
}
