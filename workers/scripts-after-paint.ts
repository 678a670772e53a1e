/**
 * Streams over every HTML page and puts the page's JavaScript to sleep until the first paint: Remix's
 * modulepreload links and module script get a rel and a type the browser ignores, and an inline script
 * (app/lib/inline-scripts.server.ts) wakes them once the page has painted. Only attributes change, so the
 * document React hydrates is the one it rendered (app/lib/scripts-after-paint.ts).
 */
import { WAITING_PRELOAD_REL, WAITING_SCRIPT_TYPE } from "../app/lib/scripts-after-paint";

export function scriptsAfterPaint(rewriter: HTMLRewriter): HTMLRewriter {
  return rewriter
    .on('link[rel="modulepreload"]', {
      element(element) {
        element.setAttribute("rel", WAITING_PRELOAD_REL);
      },
    })
    .on('script[type="module"]', {
      element(element) {
        element.setAttribute("type", WAITING_SCRIPT_TYPE);
      },
    });
}
