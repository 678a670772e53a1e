import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

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
