/**
 * The error page's code (error-page.tsx) stays out of the code every page loads: few visits show it. The
 * server renders it directly (entry.server gives it through ErrorPageContext). In the browser, a page that
 * arrived as an error page fetches it before hydrating (entry.client, errorPageReady), so that hydration
 * meets the very tree the server drew and never a suspended one; an error page reached by a navigation in
 * the browser waits for it under a Suspense boundary of its own.
 */
import { createContext, lazy, Suspense, useContext, type ComponentProps } from "react";
import type { ErrorPage } from "./error-page";

type ErrorPageComponent = typeof ErrorPage;

export const ErrorPageContext = createContext<ErrorPageComponent | null>(null);

/** On the error page's <main>: how the browser tells, before hydrating, that the page is one. */
export const ERROR_PAGE_MARK = "data-error-page";

let loaded: ErrorPageComponent | null = null;
const load = () => import("./error-page").then((module) => (loaded = module.ErrorPage));
const Fetched = lazy(() => load().then((component) => ({ default: component })));

/** Settles once the error page's code is here, when the page the server sent is an error page. */
export function errorPageReady(): Promise<unknown> {
  return document.querySelector(`[${ERROR_PAGE_MARK}]`) ? load() : Promise.resolve();
}

export function LoadedErrorPage(props: ComponentProps<ErrorPageComponent>) {
  const Page = useContext(ErrorPageContext) ?? loaded;
  if (Page) return <Page {...props} />;
  return (
    <Suspense fallback={null}>
      <Fetched {...props} />
    </Suspense>
  );
}
