import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { openIslands } from "./components/island";

/**
 * An island (components/island.tsx) that an update reaches before its code arrived (the shopper's own cart
 * change while the grid was still loading; a kept one waits for the islands) is rendered afresh by React
 * instead of hydrated: expected, and harmless (its code is there by then). React reports it as error 421;
 * everything else is still reported.
 */
function onRecoverableError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (/#421\b|received an update before it finished hydrating/.test(message)) return;
  console.error(error);
}

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
      { onRecoverableError },
    );
  });
}

// This module runs only after the browser has painted the server's HTML (components/scripts-after-paint.tsx):
// hydrating is a long task on a slow phone, and it is never in front of the first paint. The page works
// meanwhile: every link and form is real HTML.
setTimeout(hydrate, 0);

// The islands' code (components/island.tsx) comes at the first sign of the shopper using the page, or
// once the page has loaded and the browser is idle.
const FIRST_USE = ["pointerdown", "keydown", "focusin", "touchstart"] as const;
const open = () => {
  FIRST_USE.forEach((type) => document.removeEventListener(type, open, true));
  openIslands();
};
FIRST_USE.forEach((type) => document.addEventListener(type, open, { capture: true, passive: true }));
const whenIdle = () =>
  "requestIdleCallback" in window ? requestIdleCallback(open, { timeout: 2000 }) : setTimeout(open, 200);
if (document.readyState === "complete") whenIdle();
else window.addEventListener("load", whenIdle, { once: true });

if ("serviceWorker" in navigator && import.meta.env.PROD) {
  // workbox-window comes in its own chunk, after the page has loaded.
  const register = () =>
    void import("./service-worker.client").then(
      (mod) => mod.registerServiceWorker(),
      () => {
        // Offline or a failed chunk: the next visit registers it.
      },
    );
  // This module is loaded by a dynamic import(), often after the load event has already fired.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
