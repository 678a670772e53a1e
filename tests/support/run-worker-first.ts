/** wrangler.toml's `[assets] run_worker_first` patterns, and whether a path matches one of them. */
import { readFileSync } from "node:fs";
import path from "node:path";

const line = /^run_worker_first\s*=\s*(\[.*\])\s*$/m.exec(
  readFileSync(path.resolve(__dirname, "../../wrangler.toml"), "utf8"),
);

export const RUN_WORKER_FIRST = JSON.parse(line?.[1] ?? "[]") as string[];

/** Wrangler's patterns as used here: an exact path, or a prefix ending in "/*". */
export const routedFirst = (pathname: string) =>
  RUN_WORKER_FIRST.some((pattern) =>
    pattern.endsWith("/*") ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern,
  );
