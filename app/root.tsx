import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
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
import { useEffect, type ReactNode } from "react";
import { CartDrawerProvider } from "./components/cart-drawer";
import { CartMutationProvider } from "./components/cart-mutations";
import { DataSaverNotice } from "./components/data-saver";
import { LoadedErrorPage } from "./components/error-page-loader";
import { InlineStyles } from "./components/inline-styles";
import { InlineScript } from "./components/inline-script";
import { useNonce } from "./components/nonce";
import { isDataSaver } from "./lib/data-saver";
import { KeptForms } from "./components/kept-forms-watch";
import { OfflineBanner } from "./components/offline-banner";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { AppToaster, FlashToast } from "./components/toaster";
import { isNetworkFailure } from "./lib/network-failure";
import { loadCartView } from "~/features/cart/cart.server";
import { readCart } from "~/features/cart/cart-cookie.server";
import { deliveryDetails, prescriptionNeeds } from "~/features/checkout/checkout.server";
import { prescriptionChoices } from "~/features/prescriptions/prescriptions.server";
import { getUser, sessionUserRef } from "./services/session.server";
import { readToast } from "./services/toast.server";

export const links: LinksFunction = () => [
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
  // A signed-in shopper's cart also needs their uploads and delivery details: asked for with the session's
  // user as SQL, they travel to D1 with the session lookup and the cart's prices, in one trip.
  const [me, carried] = await Promise.all([
    sessionUserRef(request, context),
    readCart(request, context.config),
  ]);
  const forCart = me !== null && carried.length > 0;
  const [cart, flash, user, uploads, details] = await Promise.all([
    loadCartView(request, context),
    readToast(request, context.config),
    getUser(request, context),
    forCart ? prescriptionChoices(context, me) : [],
    forCart ? deliveryDetails(context, me) : undefined,
  ]);
  const headers = new Headers();
  if (cart.setCookie) headers.append("Set-Cookie", cart.setCookie);
  if (flash.setCookie) headers.append("Set-Cookie", flash.setCookie);
  const { config } = context;
  const rx = prescriptionNeeds(cart.rxItems, user ? uploads : []);
  const hasCart = cart.view.lines.length > 0;
  return data(
    {
      cart: cart.view,
      toast: flash.toast,
      // One key per rendered checkout form: resubmitting the same form cannot create a second order. Minted
      // only when there is a cart to check out (any cart change reloads this data), so a guest page without
      // a cart is the same for everyone and the edge cache can keep it (workers/edge-cache.ts).
      checkoutKey: hasCart ? crypto.randomUUID() : "",
      store: {
        phone: config.storePhone,
        email: config.storeEmail,
        whatsapp: config.sellerWhatsApp,
        pharmacy: config.pharmacy,
        // Whether checkout offers paying online (the gateway is configured).
        payOnline: config.paystack !== null,
      },
      // Prescription-only items in the cart (said in the drawer, the cart page and checkout).
      rx,
      user,
      // Data saver mode (Save-Data header or the shopper's toggle): components leave out images and extras.
      dataSaver: isDataSaver(request),
      // A signed-in customer's delivery form starts filled in (name, e-mail, then their last phone and
      // address); the form only shows with a cart, so browsing with an empty one does not read them.
      deliveryDefaults: user && hasCart ? { name: user.name, email: user.email, ...details } : undefined,
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
        <InlineStyles />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-gray-50 font-sans text-gray-900 antialiased">
        <OfflineBanner />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* After <Scripts />: it wakes them once the page has painted (lib/scripts-after-paint.ts). */}
        <InlineScript name="scriptsAfterPaint" />
      </body>
    </html>
  );
}

export default function App() {
  const { cart, toast, checkoutKey, store, user, deliveryDefaults, rx } =
    useRouteLoaderData<typeof loader>("root")!;
  const { pathname } = useLocation();
  // Marks <html> once React has hydrated the page: from then on forms and buttons do their JavaScript work
  // (the end-to-end tests wait for it before they act "with JavaScript").
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
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
        <DataSaverNotice />
        <div className="flex-1">
          <Outlet />
        </div>
        <SiteFooter store={store} />
        <AppToaster />
        <KeptForms />
      </CartDrawerProvider>
    </CartMutationProvider>
  );
}

/** One error page in the site's look; never a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <LoadedErrorPage
      status={isRouteErrorResponse(error) ? error.status : 500}
      message={
        isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : null
      }
      cart={root?.cart}
      checkoutKey={root?.checkoutKey}
      user={root?.user ?? null}
      store={root?.store}
    />
  );
}
