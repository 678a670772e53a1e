import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { CartDrawerProvider } from "./components/cart-drawer";
import { CartMutationProvider } from "./components/cart-mutations";
import { useNonce } from "./components/nonce";
import { KeptFormsSender } from "./components/kept-forms";
import { OfflineBanner } from "./components/offline-banner";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { AppToaster, FlashToast } from "./components/toaster";
import { EMPTY_CART_VIEW } from "~/features/cart/cart-view";
import { isNetworkFailure } from "./lib/network-failure";
import { loadCartView } from "~/features/cart/cart.server";
import { deliveryDefaults, prescriptionNeeds } from "~/features/checkout/checkout.server";
import { getUser } from "./services/session.server";
import { readToast } from "./services/toast.server";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [
  { title: "MediStore | Trusted online pharmacy in Nigeria" },
  {
    name: "description",
    content:
      "Fast, secure delivery of trusted medicines across Nigeria. Shop authentic medicines, check out on WhatsApp and talk to a pharmacist.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [cart, flash, user] = await Promise.all([
    loadCartView(request, context),
    readToast(request, context.config),
    getUser(request, context),
  ]);
  const headers = new Headers();
  if (cart.setCookie) headers.append("Set-Cookie", cart.setCookie);
  if (flash.setCookie) headers.append("Set-Cookie", flash.setCookie);
  const { config } = context;
  const rx = await prescriptionNeeds(context, cart.view, user);
  return data(
    {
      cart: cart.view,
      toast: flash.toast,
      // One key per rendered checkout form: resubmitting the same form cannot create a second order.
      checkoutKey: crypto.randomUUID(),
      store: {
        phone: config.storePhone,
        email: config.storeEmail,
        whatsapp: config.sellerWhatsApp,
        pharmacy: config.pharmacy,
      },
      // Prescription-only items in the cart (said in the drawer, the cart page and checkout).
      rx,
      user,
      // A signed-in customer's delivery form starts filled in (name, e-mail, then their last phone and address).
      deliveryDefaults: user ? await deliveryDefaults(context, user) : undefined,
    },
    { headers },
  );
}

/**
 * The cart only changes through actions; typing in the search box must not re-read it. A submission that
 * never reached the server (a clientAction caught a network error and says `networkError`) changed
 * nothing, and re-reading would fail too, replacing the page with the error boundary.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  actionResult,
  defaultShouldRevalidate,
}) => {
  if (!formMethod || formMethod === "GET") return false;
  if (isNetworkFailure(actionResult)) return false;
  return defaultShouldRevalidate;
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-NG" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#065f46" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-gray-50 font-sans text-gray-900 antialiased">
        <OfflineBanner nonce={nonce} />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { cart, toast, checkoutKey, store, user, deliveryDefaults, rx } =
    useRouteLoaderData<typeof loader>("root")!;
  const { pathname } = useLocation();
  return (
    <CartMutationProvider>
      <CartDrawerProvider
        cart={cart}
        checkoutKey={checkoutKey}
        defaults={deliveryDefaults}
        rx={rx}
        signedIn={Boolean(user)}
      >
        {/* The home page's "Talk to us": floating on wide screens, in the header below them. */}
        <SiteHeader cart={cart} user={user} whatsapp={pathname === "/" ? store.whatsapp : undefined}>
          <FlashToast flash={toast} />
        </SiteHeader>
        <div className="flex-1">
          <Outlet />
        </div>
        <SiteFooter store={store} />
        <AppToaster />
        <KeptFormsSender />
      </CartDrawerProvider>
    </CartMutationProvider>
  );
}

const DEFAULT_STORE = { phone: "", email: "", whatsapp: "" };

/** One error page in the site's look; never a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : status === 404
        ? "We could not find that page. It may have moved, or the link may be mistyped."
        : status === 403
          ? "You do not have access to this page."
          : "Something went wrong on our side. Please try again in a moment.";
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
      <CartDrawerProvider cart={root?.cart ?? EMPTY_CART_VIEW} checkoutKey={root?.checkoutKey ?? ""}>
        <SiteHeader cart={root?.cart ?? EMPTY_CART_VIEW} user={root?.user ?? null} />
        <main id="main" className="mx-auto flex max-w-xl flex-1 flex-col items-center px-4 py-16 text-center">
          <p className="text-5xl font-bold text-brand-700">{status}</p>
          <h1 className="mt-3 text-2xl font-bold">{title}</h1>
          <p className="mt-2 text-gray-700">{message}</p>
          <Link to="/" className="mt-6 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
            Go to the shop
          </Link>
        </main>
        <SiteFooter store={root?.store ?? DEFAULT_STORE} />
      </CartDrawerProvider>
    </CartMutationProvider>
  );
}
