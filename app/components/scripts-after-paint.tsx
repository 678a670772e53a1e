/**
 * The page's JavaScript waits for the first paint. On a slow connection the HTML is what the shopper is
 * waiting for; the module script and its modulepreloads (React, Remix, the route's code) would otherwise be
 * fetched beside it and compete for the bandwidth and the CPU before anything shows. The Worker renames them
 * in every HTML response (workers/scripts-after-paint.ts) so that the browser leaves them alone; the inline
 * script below gives them their real names back once the browser has painted, and they load as usual.
 * The elements stay where React rendered them (only attributes change), so hydration sees the same tree.
 */

/** The `rel` a modulepreload link carries until the first paint. */
export const WAITING_PRELOAD_REL = "medistore-after-paint-preload";
/** The `type` a module script carries until the first paint: a type the browser does not run. */
export const WAITING_SCRIPT_TYPE = "medistore/after-paint";

// After the first contentful paint (its paint entry, else a frame; never later than 1 s, and at once for a hidden tab), the
// preloads get their rel back, and each module script its type; a child inserted into a script that never
// ran makes the browser run it now.
const SCRIPT = `(function(){var d=document,done=0;function go(){if(done)return;done=1;setTimeout(function(){d.querySelectorAll('link[rel="${WAITING_PRELOAD_REL}"]').forEach(function(l){l.rel="modulepreload"});d.querySelectorAll('script[type="${WAITING_SCRIPT_TYPE}"]').forEach(function(s){s.type="module";s.appendChild(d.createTextNode(""))})},0)}var fcp="first-contentful-paint";if(d.visibilityState!=="visible"||performance.getEntriesByName(fcp).length)go();else{try{new PerformanceObserver(function(l,o){if(l.getEntriesByName(fcp).length){o.disconnect();go()}}).observe({type:"paint"})}catch(e){requestAnimationFrame(go)}setTimeout(go,1000)}})();`;

/** Rendered after Remix's <Scripts />: everything it has to wake up is above it in the document. */
export function ScriptsAfterPaint({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
