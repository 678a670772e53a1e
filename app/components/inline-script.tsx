/**
 * An inline script of the page, its text given by entry.server (lib/inline-scripts.server.ts). In the
 * browser React hydrates the element without touching its text, which already ran with the HTML, so the
 * JavaScript bundle does not carry it a second time.
 */
import { createContext, useContext } from "react";
import { useNonce } from "./nonce";

export type InlineScriptName = "offlineBanner" | "scriptsAfterPaint";

export const InlineScriptsContext = createContext<Partial<Record<InlineScriptName, string>>>({});

export function InlineScript({ name }: { name: InlineScriptName }) {
  const text = useContext(InlineScriptsContext)[name] ?? "";
  const nonce = useNonce();
  return (
    <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: text }} suppressHydrationWarning />
  );
}
