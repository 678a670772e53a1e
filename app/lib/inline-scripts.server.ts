/**
 * The page's inline scripts, as text for the server only: they come with the HTML and run before any of the
 * page's JavaScript, so the browser's bundle need not carry them (components/inline-script.tsx).
 */
import { WAITING_PRELOAD_REL, WAITING_SCRIPT_TYPE } from "./scripts-after-paint";

/**
 * The offline banner's marks (components/offline-banner.tsx): `is-offline` on <html> from navigator.onLine
 * and the online/offline events; while offline, links load whole pages (the service worker can answer a
 * page it has seen, not the data requests of a client-side navigation).
 */
const offlineBanner = `(function(){var h=document.documentElement;
function mark(){h.classList.toggle("is-offline",!navigator.onLine)}
addEventListener("online",mark);addEventListener("offline",mark);mark();
addEventListener("click",function(e){if(navigator.onLine)return;var a=e.target.closest&&e.target.closest("a[href]");
if(a&&a.origin===location.origin&&!a.target&&!a.hasAttribute("download"))e.stopPropagation()},true)})();`;

/**
 * Wakes the page's scripts (lib/scripts-after-paint.ts) after the first contentful paint (its paint entry,
 * else a frame; never later than 1 s, and at once for a hidden tab): the preloads get their rel back, and
 * each module script its type; a child inserted into a script that never ran makes the browser run it now.
 */
const scriptsAfterPaint = `(function(){var d=document,done=0;function go(){if(done)return;done=1;setTimeout(function(){d.querySelectorAll('link[rel="${WAITING_PRELOAD_REL}"]').forEach(function(l){l.rel="modulepreload"});d.querySelectorAll('script[type="${WAITING_SCRIPT_TYPE}"]').forEach(function(s){s.type="module";s.appendChild(d.createTextNode(""))})},0)}var fcp="first-contentful-paint";if(d.visibilityState!=="visible"||performance.getEntriesByName(fcp).length)go();else{try{new PerformanceObserver(function(l,o){if(l.getEntriesByName(fcp).length){o.disconnect();go()}}).observe({type:"paint"})}catch(e){requestAnimationFrame(go)}setTimeout(go,1000)}})();`;

export const INLINE_SCRIPTS = { offlineBanner, scriptsAfterPaint };
