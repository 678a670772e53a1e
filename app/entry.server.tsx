import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { ErrorPage } from "./components/error-page";
import { ErrorPageContext } from "./components/error-page-loader";
import { InlineScriptsContext } from "./components/inline-script";
import { InlineStylesContext } from "./components/inline-styles";
import { NonceContext } from "./components/nonce";
import { INLINE_SCRIPTS } from "./lib/inline-scripts.server";
import { redactSecrets } from "./lib/route-policy";
import { renderPage } from "./lib/render-page.server";
// The catalogue's stylesheet as text, for the server only: it is inlined into every page (see InlineStyles).
import css from "./styles/catalogue.css?inline";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);
  const body = await renderPage(
    <NonceContext.Provider value={loadContext.nonce}>
      <InlineStylesContext.Provider value={css}>
        <InlineScriptsContext.Provider value={INLINE_SCRIPTS}>
          <ErrorPageContext.Provider value={ErrorPage}>
            <RemixServer
              context={remixContext}
              url={request.url}
              abortDelay={ABORT_DELAY}
              nonce={loadContext.nonce}
            />
          </ErrorPageContext.Provider>
        </InlineScriptsContext.Provider>
      </InlineStylesContext.Provider>
    </NonceContext.Provider>,
    {
      nonce: loadContext.nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));
  // Crawlers and no-JS clients get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Every page differs with data saver (lib/data-saver.ts): the header, or the toggle's cookie.
  responseHeaders.append("Vary", "Save-Data, Cookie");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Errors are logged on the server only; pages show the friendly error boundary. Remix's own errors name the
 * URL ("No route matches URL …"): every secret link in what is logged is redacted (lib/route-policy.ts).
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(redactSecrets(describeError(error)));
}

function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === "string" ? error.data : JSON.stringify(error.data);
    return `${error.status} ${error.statusText}: ${data}`;
  }
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}
