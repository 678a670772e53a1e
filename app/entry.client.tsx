import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

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
