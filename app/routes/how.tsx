/** /how: adding MediStore to the home screen, and what works without a connection. */
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export const meta: MetaFunction = () => [
  { title: "How to install MediStore on your phone | MediStore" },
  {
    name: "description",
    content:
      "Add MediStore to your home screen on Android (Chrome) or iPhone and iPad (Safari) in a few taps. No app store needed.",
  },
];

export default function HowPage() {
  return (
    <main id="main">
      <section className="hero-band">
        <div className="mx-auto max-w-4xl px-4 py-10 md:py-14">
          <h1 className="text-3xl font-extrabold text-gray-900 sm:text-4xl">How to install MediStore</h1>
          <p className="mt-3 text-gray-700">
            Add MediStore to your home screen and open it like an app: full screen, with its own icon. There
            is nothing to download from an app store, it takes almost no space on your phone, and it always
            shows our latest prices.
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-4xl gap-6 px-4 md:grid-cols-2">
        <Platform
          id="android"
          title="Android phones (Chrome)"
          note="Chrome may also show an “Install” banner at the bottom of the screen: tapping it does the same."
        >
          <Step>
            Open MediStore in <strong>Chrome</strong>.
          </Step>
          <Step>
            Tap the <strong>⋮</strong> menu (three dots) at the top right.
          </Step>
          <Step>
            Tap <strong>Add to Home screen</strong> or <strong>Install app</strong>.
          </Step>
          <Step>
            Tap <strong>Install</strong> (or <strong>Add</strong>) to confirm. The MediStore icon appears on
            your home screen.
          </Step>
        </Platform>

        <Platform
          id="iphone"
          title="iPhone and iPad (Safari)"
          note="Do not see the option? Make sure you opened the page in Safari, not inside another app’s browser."
        >
          <Step>
            Open MediStore in <strong>Safari</strong>.
          </Step>
          <Step>
            Tap the <strong>Share</strong> button (a square with an arrow pointing up), at the bottom of the
            screen on iPhone or the top on iPad.
          </Step>
          <Step>
            Scroll down and tap <strong>Add to Home Screen</strong>.
          </Step>
          <Step>
            Tap <strong>Add</strong> at the top right. The MediStore icon appears on your home screen.
          </Step>
        </Platform>
      </div>

      <section aria-labelledby="desktop-heading" className="mx-auto max-w-4xl px-4 pt-8">
        <h2 id="desktop-heading" className="text-xl font-bold">
          On a computer
        </h2>
        <p className="mt-2 text-gray-700">
          In Chrome or Microsoft Edge, click the install icon at the right end of the address bar, then
          <strong> Install</strong>.
        </p>
      </section>

      <section aria-labelledby="offline-heading" className="mx-auto max-w-4xl px-4 py-8">
        <h2 id="offline-heading" className="text-xl font-bold">
          What works offline
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-gray-700">
          <li>
            The app opens even without a connection: instead of a browser error you see a MediStore page
            telling you that you are offline, with a <strong>Try again</strong> button.
          </li>
          <li>
            The parts of the site your phone has already loaded (styles, scripts and product pictures) are
            kept, so pages open faster and use less data next time.
          </li>
          <li>Your cart is saved on your device and is still there when you are back online.</li>
          <li>
            Browsing the latest medicines and prices, placing an order, uploading a prescription and chatting
            with a pharmacist need an internet connection.
          </li>
        </ul>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to="/#shop"
            className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
          >
            Start shopping
          </Link>
          <Link
            to="/contact"
            className="rounded-lg border border-gray-300 px-5 py-3 font-semibold text-gray-800 hover:bg-gray-100"
          >
            Need help? Contact us
          </Link>
        </div>
      </section>
    </main>
  );
}

function Platform({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-800">
        {title}
      </h2>
      {/* Numbers drawn by CSS counters; the <ol> still tells screen readers the steps are ordered. */}
      <ol className="mt-4 space-y-3 [counter-reset:step]">{children}</ol>
      <p className="mt-3 text-sm text-gray-600">{note}</p>
    </section>
  );
}

function Step({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-3 text-gray-800 [counter-increment:step] before:flex before:h-7 before:w-7 before:shrink-0 before:items-center before:justify-center before:rounded-full before:bg-brand-700 before:text-sm before:font-bold before:text-white before:content-[counter(step)]">
      <span className="pt-0.5">{children}</span>
    </li>
  );
}
