/**
 * Every cookie MediStore sets, once. The code that sets each one takes its name and lifetime from here
 * (services/cookies.server.ts), /privacy lists them from here, and the Worker reads here which of them make a
 * page personal (workers/edge-cache.ts) and which one says the visitor is signed in (workers/app.ts).
 * tests/integration/cookies.test.ts drives every route and fails on any cookie set that is not listed here.
 */

const DAY_SECONDS = 24 * 60 * 60;

export type RegisteredCookie = {
  name: string;
  /** What it does, in the words of the privacy notice. */
  purpose: string;
  /** Who sets it and when, in the words of the privacy notice. */
  setBy: string;
  /** How long the browser keeps it; null: until the browser is closed (or sooner, see lifetimeNote). */
  maxAgeSeconds: number | null;
  /** What shortens or renews that lifetime, in the words of the privacy notice. */
  lifetimeNote?: string;
  /** Needed for the site to work (no consent asked); else a preference, set only when the shopper asks. */
  essential: boolean;
  /** A page rendered with it is this visitor's own: never served from or kept by the edge cache. */
  personal: boolean;
};

export const COOKIES = {
  session: {
    name: "medistore_session",
    purpose:
      "Keeps you logged in after you log in. It holds only a random key; your details stay on our server.",
    setBy: "MediStore, when you log in or register",
    maxAgeSeconds: 30 * DAY_SECONDS,
    lifetimeNote: "renewed while you use the site; ends when you log out",
    essential: true,
    personal: true,
  },
  cart: {
    name: "medistore_cart",
    purpose: "Remembers the medicines in your cart (product numbers and quantities only).",
    setBy: "MediStore, when you add something to your cart",
    maxAgeSeconds: 30 * DAY_SECONDS,
    lifetimeNote: "from your last change",
    essential: true,
    personal: true,
  },
  cartChanges: {
    name: "medistore_cart_changes",
    purpose:
      "Remembers the last few changes made to your cart (random numbers only), so a change sent twice on a bad connection counts once.",
    setBy: "MediStore, when you change your cart",
    maxAgeSeconds: 30 * DAY_SECONDS,
    lifetimeNote: "from your last change",
    essential: true,
    personal: false,
  },
  toast: {
    name: "medistore_toast",
    purpose: "Carries a one-time notice (for example “Message sent successfully!”) to the next page.",
    setBy: "MediStore, when something you did has a notice to show",
    maxAgeSeconds: null,
    lifetimeNote: "removed as soon as it is shown",
    essential: true,
    personal: true,
  },
  device: {
    name: "medistore_device",
    purpose:
      "Remembers that this browser has logged in to your account before (a random number and account numbers only), so someone guessing your password elsewhere cannot lock you out.",
    setBy: "MediStore, when you log in or register",
    // Browsers cap a cookie's life at 400 days; a year is plenty for "a browser I use".
    maxAgeSeconds: 365 * DAY_SECONDS,
    essential: true,
    personal: false,
  },
  d1Bookmark: {
    name: "medistore_db_bookmark",
    purpose:
      "Makes the page after you change something (your cart, an order, your account) show that change: it holds a position in our database's history, nothing about you.",
    setBy: "MediStore, when you send a form",
    maxAgeSeconds: null,
    lifetimeNote: "replaced each time you send a form",
    essential: true,
    personal: false,
  },
  dataSaver: {
    name: "data_saver",
    purpose: "Remembers whether you turned data saver on or off (pages without pictures, to save data).",
    setBy: "MediStore, only when you use the data saver switch",
    maxAgeSeconds: 365 * DAY_SECONDS,
    essential: false,
    personal: false,
  },
} as const satisfies Record<string, RegisteredCookie>;

export const REGISTERED_COOKIES: readonly RegisteredCookie[] = Object.values(COOKIES);

/** The names of the cookies that make a page personal (see `personal`). */
export const PERSONAL_COOKIE_NAMES: ReadonlySet<string> = new Set(
  REGISTERED_COOKIES.filter((cookie) => cookie.personal).map((cookie) => cookie.name),
);

/** Whether a Cookie header carries any of `names` (with any value). */
export function carriesCookie(cookieHeader: string | null, names: ReadonlySet<string>): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && names.has(part.slice(0, eq).trim())) return true;
  }
  return false;
}

/** How long the browser keeps a cookie, as the privacy notice says it ("30 days", "1 year"), or null. */
export function cookieDuration(cookie: RegisteredCookie): string | null {
  if (cookie.maxAgeSeconds === null) return null;
  const days = Math.round(cookie.maxAgeSeconds / DAY_SECONDS);
  return days % 365 === 0
    ? `${days / 365} year${days === 365 ? "" : "s"}`
    : `${days} day${days === 1 ? "" : "s"}`;
}

/** How long a cookie lasts, with what shortens or renews it: "30 days, from your last change". */
export function cookieLifetime(cookie: RegisteredCookie): string {
  const duration = cookieDuration(cookie);
  const note = cookie.lifetimeNote;
  if (!duration) return note ? note[0]!.toUpperCase() + note.slice(1) : "Until you close the browser";
  return note ? `${duration}, ${note}` : duration;
}
