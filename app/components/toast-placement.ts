/**
 * Where a toast goes when nothing chose for it: fetched with the toaster's library on the first toast
 * (toaster.tsx), so no page's first load pays for it.
 */
const CONTROL = "a[href],button,input,select,textarea,summary,label,[role=button],[role=switch]";
/** Where a bottom toast sits on a phone (the Toaster's mobile offset and a toast's height). */
const BOTTOM_BAND = { offset: 16, height: 72 };

/**
 * Bottom centre, unless something to press is showing where a bottom toast would sit (a Save button at
 * the foot of a phone screen): then the top, below the sticky header.
 */
export function clearPosition(): "top-center" | undefined {
  const bottom = window.innerHeight - BOTTOM_BAND.offset;
  for (let y = bottom - BOTTOM_BAND.height; y <= bottom; y += 12) {
    for (const share of [0.1, 0.3, 0.5, 0.7, 0.9]) {
      const element = document.elementFromPoint(window.innerWidth * share, y);
      if (element?.closest(CONTROL) && !element.closest("[data-sonner-toaster]")) return "top-center";
    }
  }
  return undefined;
}
