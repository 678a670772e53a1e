#!/usr/bin/env node
/**
 * The Worker's Cron Triggers under `wrangler dev`, which never fires them by itself: once a minute, each
 * schedule in wrangler.toml's [triggers] that matches the minute (in UTC, as Cloudflare reads them) is run
 * through the `/__scheduled?cron=…` endpoint that `wrangler dev --test-scheduled` adds. `npm start` runs
 * it beside the app, so the payments and retention jobs run locally on the schedules they have live.
 *
 * Usage: node scripts/dev-cron.mjs <the app's origin, e.g. http://127.0.0.1:8787>
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The `crons` of the [triggers] table of a wrangler.toml (an array of plain strings on one line). */
export function cronsOf(toml) {
  const table = /^\[triggers\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml)?.[1] ?? "";
  const line = /^\s*crons\s*=\s*(\[[^\]\n]*\])/m.exec(table)?.[1];
  if (!line) return [];
  const crons = JSON.parse(line);
  for (const cron of crons) matches(cron, new Date(0)); // refuses what it cannot read, at start
  return crons;
}

const FIELDS = [
  { name: "minute", min: 0, max: 59, of: (d) => d.getUTCMinutes() },
  { name: "hour", min: 0, max: 23, of: (d) => d.getUTCHours() },
  { name: "day of month", min: 1, max: 31, of: (d) => d.getUTCDate() },
  { name: "month", min: 1, max: 12, of: (d) => d.getUTCMonth() + 1 },
  { name: "day of week", min: 0, max: 7, of: (d) => d.getUTCDay() },
];

/** Whether one field (`*`, `5`, `1-5`, a step such as `0-30/10`, lists of them) allows `value`. */
function fieldAllows(text, field, value) {
  return text.split(",").some((part) => {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`Cannot read the ${field.name} "${part}" of a cron schedule`);
    const from = match[1] === "*" ? field.min : Number(match[2]);
    const to = match[1] === "*" ? field.max : match[3] !== undefined ? Number(match[3]) : from;
    const step = match[4] !== undefined ? Number(match[4]) : 1;
    // A single value with a step ("5/15") runs from it to the end, as cron reads it.
    const last = match[4] !== undefined && match[3] === undefined && match[1] !== "*" ? field.max : to;
    if (from < field.min || last > field.max || step < 1)
      throw new Error(`The ${field.name} "${part}" of a cron schedule is out of range`);
    // Sunday is 0 and 7.
    const values = field.name === "day of week" && value === 0 ? [0, 7] : [value];
    return values.some((v) => v >= from && v <= last && (v - from) % step === 0);
  });
}

/** Whether the five-field cron expression `cron` runs in the minute of `date` (UTC). */
export function matches(cron, date) {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`A cron schedule has five fields: "${cron}"`);
  const [minute, hour, dom, month, dow] = parts.map((part, i) =>
    fieldAllows(part, FIELDS[i], FIELDS[i].of(date)),
  );
  // Both days restricted: either one will do (cron's rule); otherwise the restricted one decides.
  const day = parts[2] !== "*" && parts[4] !== "*" ? dom || dow : dom && dow;
  return minute && hour && month && day;
}

async function run(origin) {
  const crons = cronsOf(readFileSync(path.join(ROOT, "wrangler.toml"), "utf8"));
  if (crons.length === 0) return;
  console.log(`Running the Cron Triggers of wrangler.toml locally: ${crons.join(", ")} (UTC)`);
  const tick = async () => {
    const now = new Date();
    for (const cron of crons.filter((c) => matches(c, now))) {
      try {
        const res = await fetch(`${origin}/__scheduled?cron=${encodeURIComponent(cron)}`);
        if (!res.ok) console.error(`Scheduled run of "${cron}" answered ${res.status}`);
      } catch {
        // The app is not up yet (or is stopping): the next minute tries again.
      }
    }
  };
  // At the start of every minute, as the platform fires them.
  const untilNextMinute = () => 60_000 - (Date.now() % 60_000) + 50;
  const next = () => setTimeout(() => void tick().finally(next), untilNextMinute());
  next();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const origin = process.argv[2];
  if (!origin) {
    console.error("Usage: node scripts/dev-cron.mjs <the app's origin>");
    process.exit(2);
  }
  await run(origin);
}
