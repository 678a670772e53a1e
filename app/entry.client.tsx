import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { openIslands } from "./components/island";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// The server's HTML is the first paint: hydrating is a long task on a slow phone, so it starts only after
// the browser has painted (a frame, then a task), never in front of it. The page works meanwhile: every
// link and form is real HTML.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(hydrate, 0));
else setTimeout(hydrate, 0);

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
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // Installability is a nicety; the shop works without the worker.
    });
  };
  // This module is loaded by a dynamic import(), often after the load event has already fired.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
