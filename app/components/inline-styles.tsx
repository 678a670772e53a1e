import { createContext, useContext } from "react";
import { useNonce } from "./nonce";

/**
 * The site's whole stylesheet, given by entry.server. It is small (about 8 KB compressed), so it rides
 * inside the HTML: the first paint then needs no second round trip for a render-blocking stylesheet,
 * which on a slow mobile link is the largest delay before anything shows. Empty in the browser.
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
