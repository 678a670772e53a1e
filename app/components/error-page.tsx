/** One error page in the site's look (root.tsx's ErrorBoundary); never a stack trace. */
import { Link } from "@remix-run/react";
import { CartDrawerProvider } from "./cart-drawer";
import { CartMutationProvider } from "./cart-mutations";
import { ERROR_PAGE_MARK } from "./error-page-loader";
import { SiteFooter, type StoreContact } from "./site-footer";
import { SiteHeader } from "./site-header";
import { EMPTY_CART_VIEW, type CartView } from "~/features/cart/cart-view";
import type { PublicUser } from "~/lib/user";

const DEFAULT_STORE = { phone: "", email: "", whatsapp: "" };

export function ErrorPage({
  status,
  message: given,
  cart,
  checkoutKey,
  user,
  store,
}: {
  status: number;
  /** The error response's own message, when it has one. */
  message: string | null;
  cart?: CartView;
  checkoutKey?: string;
  user: Pick<PublicUser, "name" | "role"> | null;
  store?: StoreContact;
}) {
  const message =
    given ??
    (status === 404
      ? "We could not find that page. It may have moved, or the link may be mistyped."
      : status === 403
        ? "You do not have access to this page."
        : "Something went wrong on our side. Please try again in a moment.");
  const title =
    status === 404
      ? "Page not found"
      : status === 403
        ? "Access denied"
        : status < 500
          ? "Something is not right"
          : "Something went wrong";
  return (
    <CartMutationProvider>
      <CartDrawerProvider cart={cart ?? EMPTY_CART_VIEW} checkoutKey={checkoutKey ?? ""}>
        <SiteHeader cart={cart ?? EMPTY_CART_VIEW} user={user} />
        <main
          id="main"
          className="mx-auto flex max-w-xl flex-1 flex-col items-center px-4 py-16 text-center"
          {...{ [ERROR_PAGE_MARK]: "" }}
        >
          <p className="text-5xl font-bold text-brand-700">{status}</p>
          <h1 className="mt-3 text-2xl font-bold">{title}</h1>
          <p className="mt-2 text-gray-700">{message}</p>
          <Link to="/" className="mt-6 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
            Go to the shop
          </Link>
        </main>
        <SiteFooter store={store ?? DEFAULT_STORE} />
      </CartDrawerProvider>
    </CartMutationProvider>
  );
}
