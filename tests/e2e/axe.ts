/** axe-core in the page under test: what it finds, one line per element (rule, element, what is wrong). */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs every rule axe runs by default on the page as it is now. The script is evaluated through the
 * browser's debugging protocol, which the page's Content-Security-Policy does not govern (a script tag
 * would be refused by it, as any injected script should be).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.flatMap((violation) =>
      violation.nodes.map((node) => {
        const why = (node.failureSummary ?? "").split("\n").slice(1, 2).join("").trim();
        return `${violation.id} at ${node.target.join(" ")}: ${why}`;
      }),
    );
  });
}
