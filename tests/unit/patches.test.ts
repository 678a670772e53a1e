/**
 * Patches into node_modules (patches/, applied by patch-package on `npm install`): each one is applied or the
 * install fails, and each has a decision record saying what it gains and how it is kept up on an update.
 * Whether each patch is in the file the Worker runs: tests/unit/react-render-patch.test.ts and
 * tests/unit/router-patch.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.join(__dirname, "../..");
const patches = readdirSync(path.join(ROOT, "patches")).filter((file) => file.endsWith(".patch"));
const records = readdirSync(path.join(ROOT, "docs/decisions"))
  .filter((file) => file.endsWith(".md"))
  .map((file) => readFileSync(path.join(ROOT, "docs/decisions", file), "utf8"));

describe("patches into node_modules", () => {
  it("a patch that does not apply stops the install", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.postinstall).toBe("patch-package --error-on-fail");
  });

  it.each(patches)("%s has a decision record in docs/decisions/", (patch) => {
    expect(records.some((record) => record.includes(`patches/${patch}`))).toBe(true);
  });
});
