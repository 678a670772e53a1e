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
 * The <style> element. In the browser React hydrates it without touching its text (its content came with
 * the HTML and never changes), so the stylesheet is not shipped a second time in the JavaScript.
 */
export function InlineStyles() {
  const css = useContext(InlineStylesContext);
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
