/**
 * /cart: the cart as a page (what the drawer shows, for browsers without JavaScript) and the one action
 * behind every cart control: add, set (typed, +/-), remove, clear.
 */
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useRouteLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { CartSummary } from "~/components/cart-summary";
import type { CartActionData } from "~/components/cart-mutations";
import { changeCart } from "~/features/cart/cart.server";
import { CART_CHANGE_KEPT } from "~/lib/offline-messages";
import type { loader as rootLoader } from "~/root";
import { orNetworkFailure } from "~/lib/network-failure";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { toastCookie } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Your cart | MediStore" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const enhanced = form?.get("_enhanced") === "1";
  const redirectTo = safeRedirectPath(form?.get("redirectTo"), "/cart");
  const {
    status,
    toast,
    setCookie,
    setCookies = [],
  } = form
    ? await changeCart(request, context, form)
    : {
        status: 400,
        toast: { type: "error", message: "We could not read that request. Please try again." } as const,
      };

  // With JavaScript the drawer stays put and shows the toast; without it the browser goes back.
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  if (enhanced) return data<CartActionData>({ ok: status < 400, toast }, { status, headers });
  if (toast) headers.append("Set-Cookie", await toastCookie(context.config, toast));
  return redirect(redirectTo, { headers });
}

/** With JavaScript a change that cannot reach the server is kept and sent later (cart-mutations.tsx). */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  orNetworkFailure(() => serverAction<typeof action>(), {
    ok: false,
    toast: { type: "info", message: CART_CHANGE_KEPT } as const,
  });

export default function CartPage() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const cart = root?.cart;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-gray-900">Your cart</h1>
      {cart ? <CartSummary cart={cart} rx={root?.rx} redirectTo="/cart" /> : null}
      <p className="mt-6">
        <Link to="/#shop" className="text-brand-700 underline">
          Continue shopping
        </Link>
      </p>
    </main>
  );
}
