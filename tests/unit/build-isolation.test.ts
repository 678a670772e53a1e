/**
 * `npm test` and a running `npm start` in one checkout must not share a build folder: wrangler dev
 * crashes when `build/` is emptied under it. The tests build into a folder of their own
 * (MEDISTORE_BUILD_DIR, set by scripts/test.mjs), and the Worker finds its server build through a module
 * alias that `npm start` points at that folder.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const out = mkdtempSync(path.join(tmpdir(), "medistore-build-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the tests' build", () => {
  it("npm test builds into its own folder", () => {
    const script = readFileSync(path.join(ROOT, "scripts/test.mjs"), "utf8");
    expect(script).toMatch(/MEDISTORE_BUILD_DIR: process\.env\.MEDISTORE_BUILD_DIR \?\? "\.test-build"/);
  });

  it("a build with MEDISTORE_BUILD_DIR leaves build/ alone", { timeout: 120_000 }, () => {
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

  it("the Worker reaches its build through the alias npm start can repoint", () => {
    expect(readFileSync(path.join(ROOT, "workers/app.ts"), "utf8")).toContain(
      'from "medistore-server-build"',
    );
    expect(readFileSync(path.join(ROOT, "wrangler.toml"), "utf8")).toMatch(
      /\[alias\]\s*\n"medistore-server-build" = "\.\/build\/server\/index\.js"/,
    );
    expect(readFileSync(path.join(ROOT, "scripts/start.mjs"), "utf8")).toContain(
      'medistore-server-build=${path.resolve(buildDir, "server/index.js")}',
    );
  });
});
