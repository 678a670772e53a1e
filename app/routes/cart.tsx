/**
 * /cart: the cart as a page (what the drawer shows, for browsers without JavaScript) and the one action
 * behind every cart control: add, set (typed, +/-), remove, clear.
 */
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { CartSummary } from "~/components/cart-summary";
import type { CartActionData } from "~/components/cart-mutations";
import { addToCart, parseTypedQty, removeFromCart, updateCartQty, type CartResult } from "~/lib/cart";
import type { loader as rootLoader } from "~/root";
import { readCart, writeCart } from "~/services/cart.server";
import { safeRedirectPath, toastCookie, type Toast } from "~/services/toast.server";
import { getProductById } from "~/models/product.server";

export const meta: MetaFunction = () => [{ title: "Your cart | MediStore" }];

const INTENTS = ["add", "set", "remove", "clear"] as const;
type Intent = (typeof INTENTS)[number];

function parseProductId(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || !/^\d{1,12}$/.test(value)) return null;
  return Number(value);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { config, db } = context;
  const form = await request.formData().catch(() => null);
  const enhanced = form?.get("_enhanced") === "1";
  const redirectTo = safeRedirectPath(form?.get("redirectTo"), "/cart");

  const respond = async (status: number, toast: Toast | undefined, cartCookie?: string) => {
    const headers = new Headers();
    if (cartCookie) headers.append("Set-Cookie", cartCookie);
    if (enhanced) return data<CartActionData>({ ok: status < 400, toast }, { status, headers });
    if (toast) headers.append("Set-Cookie", await toastCookie(config, toast));
    return redirect(redirectTo, { headers });
  };
  const fail = (status: number, message: string) => respond(status, { type: "error", message });

  if (!form) return fail(400, "We could not read that request. Please try again.");
  const intent = form.get("intent");
  if (typeof intent !== "string" || !INTENTS.includes(intent as Intent)) {
    return fail(400, "Unknown cart action.");
  }

  const cart = await readCart(request, config);
  if (intent === "clear") {
    return respond(200, { type: "info", message: "Your cart is empty." }, await writeCart([], config));
  }

  const productId = parseProductId(form.get("productId"));
  if (productId === null) return fail(400, "Please choose a product.");

  if (intent === "remove") {
    return respond(200, undefined, await writeCart(removeFromCart(cart, productId), config));
  }

  const product = await getProductById(db, productId);
  if (!product) {
    return respond(
      404,
      { type: "error", message: "Sorry, this product is no longer available." },
      await writeCart(removeFromCart(cart, productId), config),
    );
  }

  let result: CartResult;
  if (intent === "add") {
    result = addToCart(cart, productId, 1, product.name);
  } else {
    result = updateCartQty(cart, productId, parseTypedQty(form.get("qty")), product.name);
  }
  if (!result.ok) return fail(400, result.error);

  const toast: Toast | undefined =
    "notice" in result && result.notice
      ? { type: "info", message: result.notice }
      : intent === "add"
        ? { type: "success", message: `${product.name} added to cart` }
        : undefined;
  return respond(200, toast, await writeCart(result.cart, config));
}

export default function CartPage() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const cart = root?.cart;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-gray-900">Your cart</h1>
      {cart ? <CartSummary cart={cart} redirectTo="/cart" /> : null}
      <p className="mt-6">
        <Link to="/#shop" className="text-brand-700 underline">
          Continue shopping
        </Link>
      </p>
    </main>
  );
}
