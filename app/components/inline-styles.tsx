import { createContext, useContext } from "react";
import { useNonce } from "./nonce";

/**
 * The catalogue's stylesheet (styles/catalogue.css), given by entry.server. It is small (about 6 KB
 * compressed), so it rides inside the HTML: the first paint then needs no second round trip for a
 * render-blocking stylesheet, which on a slow mobile link is the largest delay before anything shows. Pages
 * outside the catalogue link a whole sheet after it (app/routes.ts). Empty in the browser.
 */
export const InlineStylesContext = createContext("");

/**
 * The stylesheet the page arrived with, read from its <style> once: an error page shown after a navigation
 * in the browser puts up the whole document again (a new <style>), which must keep the rules.
 */
let arrivedWith: string | null = null;
function stylesheetInBrowser(): string {
  arrivedWith ??= document.querySelector("style[data-inline-styles]")?.textContent ?? "";
  return arrivedWith;
}

/**
 * The <style> element. In the browser its text is the one the HTML brought (stylesheetInBrowser), so the
 * stylesheet is not shipped a second time in the JavaScript.
 */
export function InlineStyles() {
  const fromServer = useContext(InlineStylesContext);
  const css = fromServer || (typeof document === "undefined" ? "" : stylesheetInBrowser());
  const nonce = useNonce();
  return (
    <style
      nonce={nonce || undefined}
      data-inline-styles=""
      dangerouslySetInnerHTML={{ __html: css }}
      suppressHydrationWarning
    />
  );
}
