import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { whatsAppLink } from "~/lib/whatsapp-link";
import { optimisticCount } from "~/features/cart/intents";
import { useCartMutations } from "./cart-mutations";
import { preloadCartDrawer, useCartDrawer } from "./cart-drawer";
import { CartIcon, CloseIcon, MenuIcon, PillIcon, WhatsAppIcon } from "./icons";
import type { CartView } from "~/features/cart/cart-view";
import type { PublicUser } from "~/lib/user";
import { useDataSaver } from "./data-saver";

type HeaderUser = Pick<PublicUser, "name" | "role"> | null;

/** Signed in: the way to one's own pages; a guest: Login and Register. */
function accountLinks(user: HeaderUser) {
  if (!user)
    return { primary: { to: "/register", label: "Register" }, secondary: { to: "/login", label: "Login" } };
  return user.role === "admin"
    ? { primary: { to: "/admin", label: "Admin" }, secondary: { to: "/dashboard", label: "Dashboard" } }
    : { primary: { to: "/dashboard", label: "Dashboard" }, secondary: { to: "/orders", label: "My Orders" } };
}

/**
 * Where "Consult" leads: a signed-in customer straight into the chat with a pharmacist (the dashboard's
 * widget opens on #chat), an admin to the chat panel, a guest to the home page's section on how to start.
 */
export function consultHref(user: HeaderUser): string {
  if (!user) return "/#chat";
  return user.role === "admin" ? "/admin#chat" : "/dashboard#chat";
}

function navLinks(user: HeaderUser) {
  return [
    { to: "/#shop", label: "Shop" },
    { to: consultHref(user), label: "Consult" },
    { to: "/how", label: "How to install" },
  ];
}

/** What a shopper looks for after buying: in the side menu (wide screens have them in the footer). */
const HELP_LINKS = [
  { to: "/track", label: "Track an order" },
  { to: "/delivery", label: "Delivery fees" },
];

/**
 * The search box of every shop page: a plain GET form to /shop (the grid's own search answers it). On a
 * phone or tablet it is the row under the bar, which scrolls away with the page; on wide screens it sits
 * in the bar.
 */
function HeaderSearch({ id, className }: { id: string; className: string }) {
  return (
    <Form method="get" action="/shop" role="search" aria-label="Search the shop" className={className}>
      <label htmlFor={id} className="sr-only">
        Search medicines
      </label>
      <input
        id={id}
        name="q"
        type="search"
        maxLength={100}
        placeholder="Search medicines"
        autoComplete="off"
        enterKeyHint="search"
        className="min-w-0 flex-1 rounded-lg border border-gray-300 px-3 py-1.5"
      />
      <button type="submit" className="rounded-lg bg-brand-700 px-3 py-1.5 font-semibold text-white">
        Search
      </button>
    </Form>
  );
}

export function SiteHeader({
  cart,
  user,
  whatsapp,
  children,
}: {
  cart: CartView;
  user: HeaderUser;
  /**
   * The pharmacy's WhatsApp number, for a page with a "Talk to us" link (the home page): below 1280 px
   * it lives here, where it covers nothing, instead of floating over the products.
   */
  whatsapp?: string;
  /** Shown under the navigation, inside the sticky header (the no-JavaScript message banner). */
  children?: ReactNode;
}) {
  const account = accountLinks(user);
  const links = navLinks(user);
  const [menuOpen, setMenuOpen] = useState(false);
  const hydrated = useHydrated();
  const drawer = useCartDrawer();
  const mutations = useCartMutations();
  const count = optimisticCount(mutations?.pending ?? [], cart.lines);

  return (
    <>
      <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <nav aria-label="Main" className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-4 md:gap-3">
          <Link to="/" className="flex items-center gap-2 text-brand-700">
            <PillIcon />
            <span className="leading-tight">
              <span className="block text-lg font-bold">MediStore</span>
              <span className="block text-xs text-gray-600">Trusted online pharmacy</span>
            </span>
          </Link>
          <HeaderSearch id="header-search-wide" className="ml-4 hidden w-64 gap-2 lg:flex" />
          <div className="ml-auto hidden items-center gap-5 md:flex">
            {links.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                className="whitespace-nowrap text-gray-700 hover:text-brand-700"
              >
                {link.label}
              </Link>
            ))}
            <Link to={account.secondary.to} className="text-gray-700 hover:text-brand-700">
              {account.secondary.label}
            </Link>
            <Link
              to={account.primary.to}
              className="rounded-lg bg-brand-700 px-3 py-1.5 font-medium text-white hover:bg-brand-800"
            >
              {account.primary.label}
            </Link>
          </div>
          {whatsapp ? (
            <a
              href={whatsAppLink(whatsapp, "Hello MediStore, I have a question.")}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Talk to us on WhatsApp"
              title="Talk to us on WhatsApp"
              className="ml-auto rounded-full p-2 text-green-700 hover:bg-green-50 md:ml-0 xl:hidden"
            >
              <WhatsAppIcon className="h-6 w-6" />
            </a>
          ) : null}
          <Link
            to="/cart"
            onPointerDown={preloadCartDrawer}
            onFocus={preloadCartDrawer}
            onClick={(event) => {
              if (!drawer) return;
              event.preventDefault();
              drawer.open();
            }}
            className={`relative rounded-full p-2 text-gray-800 hover:bg-gray-100 md:ml-0 ${
              whatsapp ? "xl:ml-0" : "ml-auto"
            }`}
            aria-label={count > 0 ? `Cart, ${count} item${count === 1 ? "" : "s"}` : "Cart"}
            // Busy while cart changes are still on their way to the server.
            aria-busy={(mutations?.pending.length ?? 0) > 0}
            data-testid="cart-button"
          >
            <CartIcon />
            {count > 0 ? (
              <span
                className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white"
                data-testid="cart-count"
              >
                {count}
              </span>
            ) : null}
          </Link>
          {hydrated ? (
            <button
              type="button"
              onClick={() => setMenuOpen(true)}
              className="rounded p-2 text-gray-800 hover:bg-gray-100 md:hidden"
              aria-label="Open menu"
              aria-expanded={menuOpen}
              aria-controls="site-menu"
            >
              <MenuIcon />
            </button>
          ) : (
            <a href="#site-menu" className="rounded p-2 text-gray-800 md:hidden" aria-label="Open menu">
              <MenuIcon />
            </a>
          )}
        </nav>
        {children}
      </header>
      <HeaderSearch id="header-search" className="mx-auto flex w-full max-w-6xl gap-2 px-4 pt-2 lg:hidden" />
      {/* Outside the sticky header so that "fixed" covers the viewport, not the header. */}
      <MobileMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        hydrated={hydrated}
        account={account}
        links={links}
      />
    </>
  );
}

/**
 * The slide-in side menu for narrow screens. Closes by its close button, a link click or the backdrop;
 * Escape too. Without JavaScript it opens through the #site-menu fragment (CSS :target).
 */
function MobileMenu({
  open,
  onClose,
  hydrated,
  account,
  links,
}: {
  open: boolean;
  onClose: () => void;
  hydrated: boolean;
  account: ReturnType<typeof accountLinks>;
  links: ReturnType<typeof navLinks>;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>("a,button")?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  const linkClass = "block rounded px-3 py-2 text-gray-800 hover:bg-gray-100";
  return (
    <div id="site-menu" className={`${open ? "block" : "hidden"} fixed inset-0 z-40 md:hidden`}>
      {hydrated ? (
        <div
          className="absolute inset-0 bg-black/40"
          onClick={onClose}
          data-testid="menu-backdrop"
          aria-hidden
        />
      ) : (
        <a href="#" className="absolute inset-0 bg-black/40" aria-label="Close menu" />
      )}
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="absolute inset-y-0 left-0 flex w-72 max-w-[85%] flex-col gap-1 bg-white p-4 shadow-xl"
      >
        <div className="mb-2 flex items-center justify-between">
          <span className="font-bold text-brand-700">MediStore</span>
          {hydrated ? (
            <button
              type="button"
              onClick={onClose}
              className="rounded p-1 text-gray-600"
              aria-label="Close menu"
            >
              <CloseIcon />
            </button>
          ) : (
            <a href="#" className="rounded p-1 text-gray-600" aria-label="Close menu">
              <CloseIcon />
            </a>
          )}
        </div>
        {[...links, ...HELP_LINKS].map((link) => (
          <Link key={link.to} to={link.to} onClick={onClose} className={linkClass}>
            {link.label}
          </Link>
        ))}
        <Link to={account.secondary.to} onClick={onClose} className={linkClass}>
          {account.secondary.label}
        </Link>
        <Link
          to={account.primary.to}
          onClick={onClose}
          className="mt-2 rounded-lg bg-brand-700 px-3 py-2 text-center font-medium text-white"
        >
          {account.primary.label}
        </Link>
        <MenuDataSaver />
      </div>
    </div>
  );
}

/**
 * The data saver switch, where a shopper on costly data looks for it: a plain form post (without
 * JavaScript too) that reloads this page with or without its images.
 */
function MenuDataSaver() {
  const on = useDataSaver();
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/data-saver" className="mt-auto border-t border-gray-200 pt-3">
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <button
        type="submit"
        name="mode"
        value={on ? "off" : "on"}
        role="switch"
        aria-checked={on}
        aria-describedby="menu-data-saver-hint"
        className="flex w-full items-center justify-between gap-3 rounded px-3 py-2 text-left font-medium text-gray-900 hover:bg-gray-100"
        data-testid="menu-data-saver"
      >
        Data saver
        <span
          aria-hidden
          className={`relative h-6 w-11 shrink-0 rounded-full ${on ? "bg-brand-700" : "bg-gray-400"}`}
        >
          <span
            className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow ${on ? "left-5" : "left-0.5"}`}
          />
        </span>
      </button>
      <p id="menu-data-saver-hint" className="px-3 text-xs text-gray-600">
        Uses less mobile data: leaves out product images and extras. {on ? "On" : "Off"} on this phone.
      </p>
    </form>
  );
}
