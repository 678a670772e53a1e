/**
 * The toaster itself, fetched with its library on the first toast (toaster.tsx), so no page's first load
 * pays for it: shows each toast where it covers nothing to press (toast-placement.ts).
 */
import { toast as sonner, Toaster } from "sonner";
import type { Toast } from "~/lib/toast";
import { clearPlacement } from "./toast-placement";

/** docs/product-rules.md, Toasts: success 2 s, error 4 s, default 4 s, loading until dismissed; at most 20 at once. */
export const TOAST_DURATION = { success: 2000, error: 4000, info: 4000 } as const;
export const MAX_TOASTS = 20;

/** The toaster's offsets read these, so each toast is placed where it is shown (toast-placement.ts). */
const OFFSET_VAR = { "top-center": "--toast-top", "bottom-center": "--toast-bottom" } as const;

export function display(toast: Toast) {
  // A frame later: the page has drawn and scrolled where the navigation that raised the toast took it.
  requestAnimationFrame(() => {
    const { position, offset } = clearPlacement();
    document.documentElement.style.setProperty(OFFSET_VAR[position], `${offset}px`);
    const options = { duration: TOAST_DURATION[toast.type], position };
    const id =
      toast.type === "success"
        ? sonner.success(toast.message, options)
        : toast.type === "error"
          ? sonner.error(toast.message, options)
          : sonner(toast.message, options);
    // Once drawn, its real height decides: a taller toast moves to a band it fits.
    setTimeout(() => {
      const drawn = document.querySelector<HTMLElement>(
        `[data-sonner-toast][data-y-position="${position.split("-")[0]}"]`,
      );
      if (!drawn || id === undefined) return;
      const again = clearPlacement(drawn.getBoundingClientRect().height);
      if (again.position === position)
        document.documentElement.style.setProperty(OFFSET_VAR[position], `${again.offset}px`);
    }, 50);
  });
}

/** An offset as the toaster takes it: the placed one, never inside the phone's unsafe area (a notch). */
const edge = (name: string, fallback: number, side: "top" | "bottom") =>
  `max(var(${name}, ${fallback}px), calc(env(safe-area-inset-${side}) + 8px))`;

/** Each toast names its own position and offset (display); hovering a toast pauses it. */
export function ToastHost() {
  return (
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
  );
}
