import { useEffect, useState, type ComponentType } from "react";
import type { Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

/** docs/product-rules.md, Toasts: success 2 s, error 4 s, default 4 s, loading until dismissed; at most 20 at once. */
export const TOAST_DURATION = { success: 2000, error: 4000, info: 4000 } as const;
export const MAX_TOASTS = 20;

// Sonner is loaded on the first toast, not with the page: it is ~10 KB of JavaScript that a shopper who
// never adds anything does not need. Toasts raised while it loads are queued and shown once it arrives.
type Sonner = typeof import("sonner");
type Placing = typeof import("./toast-placement");
let sonner: Sonner | null = null;
let placing: Placing | null = null;
let loading: Promise<Sonner> | null = null;
const queued: Toast[] = [];
const listeners = new Set<(s: Sonner) => void>();

function loadSonner(): Promise<Sonner> {
  loading ??= Promise.all([import("sonner"), import("./toast-placement")]).then(([mod, placement]) => {
    placing = placement;
    sonner = mod;
    listeners.forEach((notify) => notify(mod));
    return mod;
  });
  return loading;
}

/** The toaster's offsets read these, so each toast is placed where it is shown (toast-placement.ts). */
const OFFSET_VAR = { "top-center": "--toast-top", "bottom-center": "--toast-bottom" } as const;

function display(mod: Sonner, toast: Toast) {
  // A frame later: the page has drawn and scrolled where the navigation that raised the toast took it.
  requestAnimationFrame(() => {
    const { position, offset } = placing!.clearPlacement();
    document.documentElement.style.setProperty(OFFSET_VAR[position], `${offset}px`);
    const options = { duration: TOAST_DURATION[toast.type], position };
    const id =
      toast.type === "success"
        ? mod.toast.success(toast.message, options)
        : toast.type === "error"
          ? mod.toast.error(toast.message, options)
          : mod.toast(toast.message, options);
    // Once drawn, its real height decides: a taller toast moves to a band it fits.
    setTimeout(() => {
      const drawn = document.querySelector<HTMLElement>(
        `[data-sonner-toast][data-y-position="${position.split("-")[0]}"]`,
      );
      if (!drawn || id === undefined) return;
      const again = placing!.clearPlacement(drawn.getBoundingClientRect().height);
      if (again.position === position)
        document.documentElement.style.setProperty(OFFSET_VAR[position], `${again.offset}px`);
    }, 50);
  });
}

/**
 * Shows a toast where it covers nothing to press: at the bottom of the screen, or else in the free band
 * nearest an edge (never over the header, its search row, or the button just pressed).
 */
export function showToast(toast: Toast) {
  if (sonner) return display(sonner, toast);
  queued.push(toast);
  void loadSonner();
}

/** An offset as the toaster takes it: the placed one, never inside the phone's unsafe area (a notch). */
const edge = (name: string, fallback: number, side: "top" | "bottom") =>
  `max(var(${name}, ${fallback}px), calc(env(safe-area-inset-${side}) + 8px))`;

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
  // Each toast names its own position and offset (display); hovering a toast pauses it.
  return Toaster ? (
    <Toaster
      position="bottom-center"
      offset={{
        bottom: edge(OFFSET_VAR["bottom-center"], 24, "bottom"),
        top: edge(OFFSET_VAR["top-center"], 72, "top"),
      }}
      mobileOffset={{
        bottom: edge(OFFSET_VAR["bottom-center"], 16, "bottom"),
        top: edge(OFFSET_VAR["top-center"], 64, "top"),
      }}
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
