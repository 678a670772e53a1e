/** axe-core in the page under test: what it finds, one line per element (rule, element, what is wrong). */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe's tags for the success criteria of WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Runs axe on the page as it is now, with JavaScript on or off: every rule axe runs by default, or only the rules with one of `tags`.
 * The script is evaluated through the browser's debugging protocol, which the page's Content-Security-Policy
 * does not govern (a script tag would be refused by it, as any injected script should be).
 */
export async function axeViolations(page: Page, tags?: readonly string[]): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // With JavaScript off the page's timers never fire, and axe waits on setTimeout between its steps: it
  // would never finish. There, its timers run as soon as the step before them is done instead (no script
  // of the page's own is running that they could interfere with).
  await page.evaluate(() => {
    if (!matchMedia("(scripting: none)").matches) return;
    window.setTimeout = ((run: (...args: unknown[]) => void, _ms?: number, ...args: unknown[]) => {
      void Promise.resolve().then(() => run(...args));
      return 0;
    }) as typeof window.setTimeout;
  });
  return page.evaluate(
    async (tags) => {
      const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
      const result = await axe.run(document, {
        resultTypes: ["violations"],
        ...(tags ? { runOnly: { type: "tag" as const, values: tags } } : {}),
      });
      return result.violations.flatMap((violation) =>
        violation.nodes.map((node) => {
          const why = (node.failureSummary ?? "").split("\n").slice(1, 2).join("").trim();
          return `${violation.id} at ${node.target.join(" ")}: ${why}`;
        }),
      );
    },
    tags ? [...tags] : null,
  );
}
