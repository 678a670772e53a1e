/**
 * `npm test` and a running `npm start` in one checkout must not share a build folder: wrangler dev
 * crashes when `build/` is emptied under it. The tests build into a folder of their own
 * (MEDISTORE_BUILD_DIR, set by scripts/test.mjs), served through a wrangler configuration whose assets
 * and server-build alias point there (scripts/wrangler-config.mjs).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { wranglerConfigFor } from "../../scripts/wrangler-config.mjs";

const ROOT = path.resolve(__dirname, "../..");
const out = mkdtempSync(path.join(tmpdir(), "medistore-build-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the tests' build", () => {
  it("npm test builds into its own folder", () => {
    const script = readFileSync(path.join(ROOT, "scripts/test.mjs"), "utf8");
    expect(script).toMatch(/MEDISTORE_BUILD_DIR: process\.env\.MEDISTORE_BUILD_DIR \?\? "\.test-build"/);
  });

  it("a build with MEDISTORE_BUILD_DIR leaves build/ alone", { timeout: 300_000 }, () => {
    const served = path.join(ROOT, "build/server/index.js");
    const before = existsSync(served) ? statSync(served).mtimeMs : null;
    const result = spawnSync("npx", ["remix", "vite:build"], {
      cwd: ROOT,
      env: { ...process.env, MEDISTORE_BUILD_DIR: out },
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(path.join(out, "server/index.js"))).toBe(true);
    expect(existsSync(path.join(out, "client"))).toBe(true);
    expect(existsSync(served) ? statSync(served).mtimeMs : null).toBe(before);
  });

  it("the Worker reaches its build through an alias the tests' configuration repoints", () => {
    expect(readFileSync(path.join(ROOT, "workers/app.ts"), "utf8")).toContain(
      'from "medistore-server-build"',
    );
    const served = readFileSync(wranglerConfigFor(undefined), "utf8");
    expect(served).toContain('"medistore-server-build" = "./build/server/index.js"');
    expect(served).toContain('directory = "./build/client"');
    const tests = readFileSync(wranglerConfigFor(".test-build"), "utf8");
    expect(tests).toContain('"medistore-server-build" = "./.test-build/server/index.js"');
    expect(tests).toContain('directory = "./.test-build/client"');
    expect(tests).not.toContain("./build/");
  });
});
