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
type Placed = Toast & { position?: ToastPosition };
const queued: Placed[] = [];
const listeners = new Set<(s: Sonner) => void>();

let clearPosition: (() => ToastPosition | undefined) | null = null;

function loadSonner(): Promise<Sonner> {
  loading ??= Promise.all([import("sonner"), import("./toast-placement")]).then(([mod, placement]) => {
    clearPosition = placement.clearPosition;
    sonner = mod;
    listeners.forEach((notify) => notify(mod));
    return mod;
  });
  return loading;
}

type ToastPosition = "top-center" | "bottom-center";

function display(mod: Sonner, { type, message, position: chosen }: Placed) {
  const position = chosen ?? clearPosition?.();
  if (type === "success") mod.toast.success(message, { duration: TOAST_DURATION.success, position });
  else if (type === "error") mod.toast.error(message, { duration: TOAST_DURATION.error, position });
  else mod.toast(message, { duration: TOAST_DURATION.info, position });
}

/**
 * Shows a toast, at the bottom of the screen; `awayFrom` (the button just pressed) moves it to the top
 * when that button sits in the lower half, so the toast never hides the control the shopper may press
 * again.
 */
export function showToast(toast: Toast, awayFrom?: Element | null) {
  const placed: Placed = { ...toast, position: awayFrom ? positionAwayFrom(awayFrom) : undefined };
  if (sonner) return display(sonner, placed);
  queued.push(placed);
  void loadSonner();
}

function positionAwayFrom(element: Element): ToastPosition {
  const rect = element.getBoundingClientRect();
  return rect.top + rect.height / 2 > window.innerHeight / 2 ? "top-center" : "bottom-center";
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
  // Bottom centre by default; a toast sent to the top sits below the sticky header, never over the cart
  // button (hovering a toast pauses it).
  return Toaster ? (
    <Toaster
      position="bottom-center"
      offset={{ bottom: 24, top: 72 }}
      mobileOffset={{ bottom: 16, top: 64 }}
      visibleToasts={MAX_TOASTS}
      richColors
      closeButton
    />
  ) : null;
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
