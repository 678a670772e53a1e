/**
 * Where a toast goes: fetched with the toaster on the first toast (toast-host.tsx), so no page's
 * first load pays for it.
 */
const CONTROL = "a[href],button,input,select,textarea,summary,label,[role=button],[role=switch]";

/** The toaster's geometry (toast-host.tsx): below 600 px a toast spans the screen less its insets. */
export const TOAST_BOX = {
  phoneMaxWidth: 600,
  /** Inset from the screen's edges on a phone (sides, and top or bottom at the least). */
  phoneInset: 16,
  wideInset: 24,
  wideWidth: 356,
  /** Room a toast takes before it is drawn: two lines of a long product name, with its padding. */
  phoneHeight: 88,
  wideHeight: 80,
} as const;

export type ToastPosition = "top-center" | "bottom-center";
export type Placement = { position: ToastPosition; offset: number };

const STEP = 8;

/**
 * The band of the screen nearest its top or bottom edge where a toast covers nothing to press and no
 * pinned header: at the bottom if it is free there, else as near an edge as it fits (below the header
 * and the phone's search row, above a Save button at the foot of the screen). A screen full of controls
 * leaves no free band; the toast then goes to the bottom, as it would anyway. `drawnHeight`: the toast's
 * own height once drawn (a long name wraps to three lines on a phone).
 */
export function clearPlacement(drawnHeight?: number): Placement {
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const phone = vw < TOAST_BOX.phoneMaxWidth;
  const inset = phone ? TOAST_BOX.phoneInset : TOAST_BOX.wideInset;
  const height = Math.max(drawnHeight ?? 0, phone ? TOAST_BOX.phoneHeight : TOAST_BOX.wideHeight);
  const [left, right] = phone
    ? [TOAST_BOX.phoneInset, vw - TOAST_BOX.phoneInset]
    : [(vw - TOAST_BOX.wideWidth) / 2, (vw + TOAST_BOX.wideWidth) / 2];

  const obstacles: DOMRect[] = [];
  for (const element of document.querySelectorAll(`${CONTROL},header`)) {
    if (element.closest("[data-sonner-toaster]")) continue;
    if (element.tagName === "HEADER" && !/^(sticky|fixed)$/.test(getComputedStyle(element).position))
      continue;
    const rect = element.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) continue; // hidden, or visually hidden (sr-only)
    if (rect.bottom <= 0 || rect.top >= vh || rect.right <= left || rect.left >= right) continue;
    obstacles.push(rect);
  }
  const free = (top: number) => obstacles.every((rect) => rect.bottom <= top || rect.top >= top + height);

  for (let offset = inset; offset + height <= vh - inset; offset += STEP) {
    if (free(vh - offset - height)) return { position: "bottom-center", offset };
    if (free(offset)) return { position: "top-center", offset };
  }
  return { position: "bottom-center", offset: inset };
}
