/**
 * The cart cookie: signed, HttpOnly, named medistore_cart, holding [[productId, qty], …].
 * A missing, tampered or unreadable cookie is an empty cart.
 */
import { createCookie } from "@remix-run/cloudflare";
import type { AppConfig } from "~/services/env.server";
import { sanitizeCart, serializeCart, type Cart } from "./cart";

const THIRTY_DAYS = 60 * 60 * 24 * 30;

function cartCookie(config: AppConfig) {
  return createCookie("medistore_cart", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
    path: "/",
    maxAge: THIRTY_DAYS,
    secrets: [config.cookieSecret],
  });
}

export async function readCart(request: Request, config: AppConfig): Promise<Cart> {
  try {
    return sanitizeCart(await cartCookie(config).parse(request.headers.get("Cookie")));
  } catch {
    return [];
  }
}

export async function writeCart(cart: Cart, config: AppConfig): Promise<string> {
  const cookie = cartCookie(config);
  return cart.length === 0 ? cookie.serialize([], { maxAge: 0 }) : cookie.serialize(serializeCart(cart));
}
