/**
 * What the layout test looks for on a rendered page, measured in the browser:
 *  - the page is wider than the viewport (it scrolls sideways);
 *  - a control sits (partly) outside the viewport's width, e.g. a table column clipped by its scroller
 *    (a row marked data-scroll-row, made to scroll sideways, is the one exception);
 *  - a fixed or sticky element covers a control: every control is brought into view the way scrolling
 *    or tabbing brings it (the nearest edge), and the point at its visible centre must be the control
 *    itself, not something pinned over it (toasts are left out: they come and go, and a test of
 *    their own keeps them off the button just pressed);
 *  - a border drawn in the text's near-black colour: Tailwind 4 borders without a colour use currentColor.
 */
import type { Page } from "playwright-core";

export type LayoutProblem = string;

export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;

    const describe = (el: Element) => {
      const label =
        el.getAttribute("aria-label") ||
        (el as HTMLInputElement).labels?.[0]?.textContent ||
        el.textContent ||
        el.getAttribute("name") ||
        "";
      const id = el.id ? `#${el.id}` : "";
      return `<${el.tagName.toLowerCase()}${id}> "${label.replace(/\s+/g, " ").trim().slice(0, 60)}"`;
    };

    // 1. Sideways scrolling.
    const width = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (width > vw) {
      const culprits = [...document.body.querySelectorAll("*")]
        .filter((el) => el.getBoundingClientRect().right > vw + 1)
        .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= vw + 1);
      // Text running out of a box that itself fits (an unbreakable word) widens the page without any
      // element's box doing so.
      const overflowing = [...document.body.querySelectorAll<HTMLElement>("*")].filter(
        (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === "visible",
      );
      const named = [
        ...culprits,
        ...overflowing.filter((el) => !overflowing.some((o) => o !== el && el.contains(o))),
      ]
        .slice(0, 3)
        .map(describe);
      problems.push(`page is ${width}px wide in a ${vw}px viewport (first too wide: ${named.join(", ")})`);
    }

    const SELECTOR =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])";
    const controls = [...document.querySelectorAll<HTMLElement>(SELECTOR)].filter((el) => {
      if (el.tabIndex < 0 || el.closest("[aria-hidden='true'], [data-sonner-toaster]")) return false;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      const rect = el.getBoundingClientRect();
      // Visually hidden (sr-only) controls are 1px boxes.
      return rect.width > 2 && rect.height > 2;
    });

    // 2. Controls outside the viewport's width (clipped, or reachable only by scrolling a box sideways).
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    // A row made to scroll sideways (data-scroll-row: category chips on a phone) may hold controls past the
    // edge, as long as the row itself fits the screen: the cut-off chip shows there is more.
    const inScrollRow = (el: Element) => {
      const row = el.closest("[data-scroll-row]");
      if (!row) return false;
      const box = row.getBoundingClientRect();
      return box.left >= -1 && box.right <= vw + 1 && getComputedStyle(row).overflowX === "auto";
    };
    for (const el of controls) {
      const rect = el.getBoundingClientRect();
      if ((rect.left < -1 || rect.right > vw + 1) && !inScrollRow(el)) {
        problems.push(
          `${describe(el)} lies outside the viewport (x ${Math.round(rect.left)}–${Math.round(rect.right)})`,
        );
      }
    }

    // 3. Pinned elements over controls.
    const pinned = (el: Element | null): Element | null => {
      for (let node = el; node && node !== document.body; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === "fixed" || position === "sticky") return node;
      }
      return null;
    };
    const coveredBy = (el: HTMLElement): Element | null => {
      const rect = el.getBoundingClientRect();
      const top = Math.max(rect.top, 0);
      const bottom = Math.min(rect.bottom, vh);
      const left = Math.max(rect.left, 0);
      const right = Math.min(rect.right, vw);
      if (bottom - top < 1 || right - left < 1) return null;
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (!hit || hit === el || el.contains(hit) || hit.contains(el)) return null;
      const cover = pinned(hit);
      if (!cover || cover.contains(el) || cover.closest("[data-sonner-toaster]")) return null;
      return cover;
    };
    const seen = new Set<string>();
    const report = (el: HTMLElement, cover: Element, when: string) => {
      const line = `${describe(el)} is covered by ${describe(cover).slice(0, 60)} ${when}`;
      if (!seen.has(line)) problems.push(line);
      seen.add(line);
    };
    // What shows on arrival…
    for (const el of controls) {
      const rect = el.getBoundingClientRect();
      if (rect.bottom > vh || rect.top < 0) continue;
      const cover = coveredBy(el);
      if (cover) report(el, cover, "on arrival");
    }
    // …then each control brought into view in turn, as scrolling down the page or tabbing brings it.
    for (const el of controls) {
      el.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
      const cover = coveredBy(el);
      if (cover) report(el, cover, `at scroll ${Math.round(window.scrollY)}`);
    }
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });

    // 4. Near-black borders that only inherited the text colour.
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const rgb = (color: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = "#fff";
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    for (const el of document.body.querySelectorAll("*")) {
      if (!el.checkVisibility()) continue;
      const style = getComputedStyle(el);
      for (const side of ["Top", "Right", "Bottom", "Left"] as const) {
        const widthPx = parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`));
        const line = style.getPropertyValue(`border-${side.toLowerCase()}-style`);
        const color = style.getPropertyValue(`border-${side.toLowerCase()}-color`);
        if (!(widthPx > 0) || line === "none" || line === "hidden" || color !== style.color) continue;
        if (Math.max(...rgb(color)) < 64) {
          problems.push(`${describe(el)} has a near-black ${side.toLowerCase()} border (${color})`);
          break;
        }
      }
    }
    return problems;
  });
}
