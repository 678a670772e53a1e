/**
 * The wrangler configuration for a build folder. `npm start` serves build/ (wrangler.toml itself); the
 * tests build into a folder of their own (MEDISTORE_BUILD_DIR) and get a copy of wrangler.toml, beside it
 * so its relative paths and .dev.vars still hold, whose assets and server-build alias point there.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function wranglerConfigFor(buildDir) {
  const target = path.resolve(ROOT, buildDir ?? "build");
  if (target === path.join(ROOT, "build")) return path.join(ROOT, "wrangler.toml");
  const relative = path.relative(ROOT, target).split(path.sep).join("/");
  const config = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8").replaceAll(
    '"./build/',
    `"./${relative}/`,
  );
  const file = path.join(ROOT, `.wrangler.${relative.replace(/[^A-Za-z0-9_-]/g, "_")}.toml`);
  writeFileSync(file, config);
  return file;
}
