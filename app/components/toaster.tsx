import { useEffect, useState } from "react";
import type { Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

// The toaster and its library are loaded on the first toast, not with the page (toast-host.tsx): a shopper
// who never adds anything does not need them. Toasts raised while they load are queued and shown once
// they arrive.
type Host = typeof import("./toast-host");
let host: Host | null = null;
let loading: Promise<Host> | null = null;
const queued: Toast[] = [];
const listeners = new Set<(mod: Host) => void>();

function loadHost(): Promise<Host> {
  loading ??= import("./toast-host").then((mod) => {
    host = mod;
    listeners.forEach((notify) => notify(mod));
    return mod;
  });
  return loading;
}

/**
 * Shows a toast where it covers nothing to press: at the bottom of the screen, or else in the free band
 * nearest an edge (never over the header, its search row, or the button just pressed).
 */
export function showToast(toast: Toast) {
  if (host) return host.display(toast);
  queued.push(toast);
  void loadHost();
}

export function AppToaster() {
  const [loaded, setLoaded] = useState(host);
  useEffect(() => {
    listeners.add(setLoaded);
    return () => void listeners.delete(setLoaded);
  }, []);
  useEffect(() => {
    // The toaster is mounted now: flush what was raised while it loaded (next tick, once it subscribes).
    if (!loaded) return;
    const timer = setTimeout(() => queued.splice(0).forEach(loaded.display));
    return () => clearTimeout(timer);
  }, [loaded]);
  return loaded ? <loaded.ToastHost /> : null;
}

/**
 * A toast carried across a redirect (flash cookie). Without JavaScript it renders as a banner inside the
 * sticky header, so it is seen wherever the redirect lands (Add to cart comes back to its card); once
 * hydrated it is shown as a toast instead.
 */
export function FlashToast({ flash }: { flash: Toast | null }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && flash) showToast(flash);
  }, [hydrated, flash]);
  if (hydrated || !flash) return null;
  const tone =
    flash.type === "error"
      ? "border-red-300 bg-red-50 text-red-800"
      : flash.type === "success"
        ? "border-green-300 bg-green-50 text-green-800"
        : "border-gray-300 bg-gray-50 text-gray-800";
  return (
    <div
      role={flash.type === "error" ? "alert" : "status"}
      data-flash-banner
      className={`border-t px-4 py-2 text-sm ${tone}`}
    >
      <p className="mx-auto max-w-6xl">{flash.message}</p>
    </div>
  );
}
