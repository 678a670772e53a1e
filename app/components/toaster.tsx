import { useEffect, useState, type ComponentType } from "react";
import type { Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

/** docs/product-rules.md, Toasts: success 2 s, error 4 s, default 4 s, loading until dismissed; at most 20 at once. */
export const TOAST_DURATION = { success: 2000, error: 4000, info: 4000 } as const;
export const MAX_TOASTS = 20;

// Sonner is loaded on the first toast, not with the page: it is ~10 KB of JavaScript that a shopper who
// never adds anything does not need. Toasts raised while it loads are queued and shown once it arrives.
type Sonner = typeof import("sonner");
let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const queued: Toast[] = [];
const listeners = new Set<(s: Sonner) => void>();

function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").then((mod) => {
    sonner = mod;
    listeners.forEach((notify) => notify(mod));
    return mod;
  });
  return loading;
}

function display(mod: Sonner, { type, message }: Toast) {
  if (type === "success") mod.toast.success(message, { duration: TOAST_DURATION.success });
  else if (type === "error") mod.toast.error(message, { duration: TOAST_DURATION.error });
  else mod.toast(message, { duration: TOAST_DURATION.info });
}

export function showToast(toast: Toast) {
  if (sonner) return display(sonner, toast);
  queued.push(toast);
  void loadSonner();
}

export function AppToaster() {
  const [Toaster, setToaster] = useState<ComponentType<Record<string, unknown>> | null>(() =>
    sonner ? (sonner.Toaster as ComponentType<Record<string, unknown>>) : null,
  );
  useEffect(() => {
    const onLoad = (mod: Sonner) => setToaster(() => mod.Toaster as ComponentType<Record<string, unknown>>);
    listeners.add(onLoad);
    return () => void listeners.delete(onLoad);
  }, []);
  useEffect(() => {
    // The Toaster is mounted now: flush what was raised while it loaded (next tick, once it subscribes).
    if (!Toaster || !sonner) return;
    const mod = sonner;
    const timer = setTimeout(() => queued.splice(0).forEach((t) => display(mod, t)));
    return () => clearTimeout(timer);
  }, [Toaster]);
  // Bottom centre, above the floating WhatsApp button: at the top a toast would cover the cart button
  // (and hovering a toast pauses it).
  return Toaster ? (
    <Toaster
      position="bottom-center"
      offset={{ bottom: 84 }}
      mobileOffset={{ bottom: 84 }}
      visibleToasts={MAX_TOASTS}
      richColors
      closeButton
    />
  ) : null;
}

/**
 * A toast carried across a redirect (flash cookie). Without JavaScript it renders as a banner in the page;
 * once hydrated it is shown as a toast instead.
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
      className={`mx-auto mt-3 max-w-6xl rounded-lg border px-4 py-3 text-sm ${tone}`}
    >
      {flash.message}
    </div>
  );
}
