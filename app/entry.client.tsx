import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { errorPageReady } from "./components/error-page-loader";

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

// This module runs only after the browser has painted the server's HTML (lib/scripts-after-paint.ts):
// hydrating is a long task on a slow phone, and it is never in front of the first paint. The page works
// meanwhile: every link and form is real HTML. It runs inside the framework chunk as the route modules
// are imported (vite.config.ts): the timer also lets Remix's inline script list them first. An error page
// hydrates once its own code is here (components/error-page-loader.tsx); if that never comes, it stays the
// server's HTML, which works without JavaScript.
setTimeout(() => void errorPageReady().then(hydrate, () => {}), 0);

if ("serviceWorker" in navigator && import.meta.env.PROD) {
  // The service worker (sw/sw.ts, served at /sw.js) is registered once the page has loaded, so that its
  // precache never competes with the page's own requests. Offline reading is a nicety: a failure changes
  // nothing, and the next visit registers it.
  const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => {});
  // This module runs with the framework chunk (vite.config.ts), often after the load event has already fired.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
