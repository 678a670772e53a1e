/**
 * The cart cookie: signed, HttpOnly, named medistore_cart, holding [[productId, qty], …].
 * A missing, tampered or unreadable cookie is an empty cart.
 */
import { COOKIES } from "~/lib/cookies";
import { signedCookie } from "~/services/cookies.server";
import type { AppConfig } from "~/services/env.server";
import { sanitizeCart, serializeCart, type Cart } from "./cart";
import { sanitizeChangeIds } from "./change-ids";

const cartCookie = (config: AppConfig) => signedCookie(COOKIES.cart, config);
/** The ids of the last changes applied to the cart (change-ids.ts), written with the cart itself. */
const changesCookie = (config: AppConfig) => signedCookie(COOKIES.cartChanges, config);

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

export async function readAppliedChanges(request: Request, config: AppConfig): Promise<string[]> {
  try {
    return sanitizeChangeIds(await changesCookie(config).parse(request.headers.get("Cookie")));
  } catch {
    return [];
  }
}

export async function writeAppliedChanges(ids: string[], config: AppConfig): Promise<string> {
  return changesCookie(config).serialize(ids);
}
