import { useLocation, useRouteLoaderData } from "@remix-run/react";

/**
 * Whether this page is in data saver mode (the root loader decides, from lib/data-saver.ts): no product
 * images and nothing optional.
 */
export function useDataSaver(): boolean {
  const root = useRouteLoaderData("root") as { dataSaver?: boolean } | undefined;
  return root?.dataSaver ?? false;
}

/**
 * "Data saver: on/off", a plain form post (works without JavaScript; the whole page reloads, which is the
 * point: every image on it comes or goes). Comes back to this very page.
 */
export function DataSaverToggle({ className = "" }: { className?: string }) {
  const on = useDataSaver();
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/data-saver" className={className}>
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <button
        type="submit"
        name="mode"
        value={on ? "off" : "on"}
        aria-pressed={on}
        title={on ? "Show product images again" : "Leave out product images and extras"}
        className="rounded underline decoration-dotted underline-offset-2 hover:text-white"
        data-testid="data-saver-toggle"
      >
        Data saver: {on ? "on" : "off"}
      </button>
    </form>
  );
}

/** Said at the top of every page while data saver is on, with the way to turn it off. */
export function DataSaverNotice() {
  const on = useDataSaver();
  const { pathname, search } = useLocation();
  if (!on) return null;
  return (
    <div
      className="border-b border-amber-200 bg-amber-50 text-sm text-amber-950"
      data-testid="data-saver-notice"
    >
      <form
        method="post"
        action="/data-saver"
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-1.5"
      >
        <p>Data saver is on: product images and extras are left out.</p>
        <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
        <button type="submit" name="mode" value="off" className="font-semibold underline">
          Turn off
        </button>
      </form>
    </div>
  );
}
