/**
 * README is the next engineer's manual: short enough to read through, and every document it or docs/ links
 * to is in the repository.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.join(__dirname, "../..");
const README_LIMIT_BYTES = 25 * 1024;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

const documents = [path.join(ROOT, "README.md"), ...markdownFiles(path.join(ROOT, "docs"))];

describe("README and docs", () => {
  it("README stays within 25 KB", () => {
    expect(readFileSync(path.join(ROOT, "README.md")).byteLength).toBeLessThanOrEqual(README_LIMIT_BYTES);
  });

  it.each(documents.map((file) => [path.relative(ROOT, file), file]))(
    "every link in %s points to a file in the repository",
    (_name, file) => {
      const text = readFileSync(file, "utf8");
      const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
      for (const target of targets) {
        expect(target, `${target} is outside the repository`).not.toMatch(/^[a-z]+:/i);
        const resolved = path.resolve(path.dirname(file), target.split("#")[0]);
        expect(existsSync(resolved), `${target} does not exist`).toBe(true);
      }
    },
  );
});
