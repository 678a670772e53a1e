/**
 * From the results of a run to what people read: the table rows (declared below as data, per section),
 * the table, the summary lines and bench-results/latest.json. Also the run's clock and progress log.
 */
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { formatBytes, formatCount, formatMs, KB, percentile, ratio, verdict } from "./stats.mjs";

/** The targets: sizes in kB of 1,000 bytes, Lighthouse scores out of 100, times in ms. */
export const BUDGET = {
  /** Every byte of HTML, CSS and JS a first visit transfers until the network is idle, headers included. */
  totalKb: 110,
  jsKb: 95,
  firstPaintMs: 1500,
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  searchP95Ms: 30,
  chatP99Ms: 50,
  /** Admin › Orders at 100,000 orders: a search answers as fast as the catalogue's (GUIDE: 30 ms). */
  ordersSearchP95Ms: 30,
  /**
   * A whole page of 50 orders (their lines and timelines too, three queries and a large HTML page): the
   * search bar plus 20 ms, so that any page stays quick while rendering 50 rows is allowed its cost.
   */
  ordersPageP95Ms: 50,
};

const startedAt = Date.now();
export const elapsedSeconds = () => (Date.now() - startedAt) / 1000;

/** A progress line, stamped with the time since the bench started. @param {string} message */
export function log(message) {
  const s = Math.round(elapsedSeconds());
  const mmss = `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
  console.log(`[${mmss}] ${message}`);
}

/**
 * What a run measured, by name; each entry is the data of a measurement, `{ error }` when it failed or
 * `{ skipped }` (the option that skipped it).
 * @typedef {Record<string, any>} Results
 * @typedef {{ section: string, metric: string, figure: string, target: string,
 *             status: "pass" | "fail" | "info" | "error" }} Row
 */

/**
 * How a row prints a number, and its target.
 * @type {Record<string, { format: (value: any) => string, bound?: (limit: number) => string }>}
 */
const UNITS = {
  bytes: { format: formatBytes, bound: (limit) => `${limit / KB} kB` },
  ms: { format: (value) => formatMs(value ?? Number.NaN), bound: (limit) => `${limit} ms` },
  score: { format: (value) => `${value ?? "n/a"}`, bound: (limit) => `${limit}` },
  decimal: { format: (value) => (value === null ? "n/a" : value.toFixed(3)) },
  "req/s": { format: (value) => `${formatCount(value)} req/s` },
  share: {
    format: (value) =>
      Number.isFinite(value) ? `${value.toFixed(3)} (${(value * 100).toFixed(1)} %)` : "n/a",
    bound: (limit) => `${limit}×`,
  },
};

/**
 * One table row, as data. Functions get the section's measurement (or, with `each`, one of its items) and
 * the whole results.
 * @typedef {object} RowSpec
 * @property {string | ((data: any) => string)} label the Metric column
 * @property {(data: any, results: Results) => any} [value] the figure, printed in `unit`, judged by `bar`
 * @property {keyof typeof UNITS} [unit]
 * @property {(data: any, results: Results) => string} [note] printed after the value
 * @property {(data: any, results: Results) => string} [figure] the Figure column, when not value and note
 * @property {{ max?: number, min?: number, of?: string }} [bar] PASS or FAIL, and the Target column
 *   (`of`: which statistic, e.g. "p95")
 * @property {string | ((data: any) => string)} [target] the Target column of a row without a bar
 * @property {(data: any, value: any) => Row["status"]} [status] when the result is not the value against
 *   the bar
 * @property {(data: any) => boolean} [when] the row is left out when this says false
 * @property {(data: any) => any[]} [each] one row per item
 */

/** @param {string[] | undefined} audits */
const below90 = (audits) => (audits?.length ? ` — below 90: ${audits.join(", ")}` : "");
/** @param {{ p50: number, p95: number }} s */
const p50p95 = (s) => `p50 ${formatMs(s.p50)} · p95 ${formatMs(s.p95)}`;
/**
 * @param {number | null} value
 * @param {number} digits
 * @param {string} unit
 */
const fixed = (value, digits, unit) => (value === null ? "n/a" : `${value.toFixed(digits)} ${unit}`);

/** @type {Partial<RowSpec>} */
const searchP95 = { unit: "ms", bar: { max: BUDGET.searchP95Ms, of: "p95" } };
/** @param {{ shape: string, p50: number, p95: number }[] | undefined} statements */
const statementWorst = (statements) =>
  statements?.reduce((worst, shape) => (shape.p95 > worst.p95 ? shape : worst), statements[0]);

/** A transfer figure: bytes, and how many requests carried them. @param {{ requests: number }} t */
const inRequests = (t) => ` in ${t.requests} request${t.requests === 1 ? "" : "s"}`;

/**
 * The first load of a page (`/`, a product page), against the same budget: bytes transferred until the
 * network is idle, headers included, as Lighthouse counts them (measure/first-load.mjs).
 * @param {string} page
 * @returns {RowSpec[]}
 */
const firstLoadRows = (page) => [
  { label: `First load of ${page}: HTML`, unit: "bytes", value: (fl) => fl.html.bytes },
  {
    label: `First load of ${page}: CSS`,
    unit: "bytes",
    value: (fl) => fl.css.bytes,
    note: (fl) => inRequests(fl.css),
  },
  {
    label: `First load of ${page}: JS`,
    unit: "bytes",
    value: (fl) => fl.js.bytes,
    note: (fl) =>
      inRequests(fl.js) + (fl.failed.length ? ` — ${fl.failed.length} failed: ${fl.failed.join(", ")}` : ""),
    bar: { max: BUDGET.jsKb * KB },
  },
  {
    label: `First load of ${page}: JS, framework (React, Remix, our shared code)`,
    unit: "bytes",
    value: (fl) => fl.js.framework.bytes,
    note: (fl) => inRequests(fl.js.framework),
  },
  {
    label: `First load of ${page}: JS, the page's own code`,
    unit: "bytes",
    value: (fl) => fl.js.own.bytes,
    note: (fl) => inRequests(fl.js.own),
  },
  {
    label: `First load of ${page}: total HTML+CSS+JS`,
    unit: "bytes",
    value: (fl) => fl.total.bytes,
    note: (fl) => inRequests(fl.total),
    bar: { max: BUDGET.totalKb * KB },
  },
  {
    label: `First load of ${page}: then the service worker`,
    unit: "bytes",
    value: (fl) => fl.serviceWorker.bytes,
    note: (fl) => `${inRequests(fl.serviceWorker)} (sw.js and its precache; Lighthouse does not see these)`,
  },
];

/**
 * A timing of the median run, with the range over every run when there were several.
 * @param {"fcpMs" | "lcpMs" | "tbtMs"} key
 * @returns {(lh: any) => string}
 */
const runRange = (key) => (lh) => {
  const values = (lh.runs ?? []).map((/** @type {any} */ run) => run[key]).filter(Number.isFinite);
  return values.length > 1 ? ` (runs ${formatMs(Math.min(...values))}–${formatMs(Math.max(...values))})` : "";
};

/**
 * @param {string} page "" for /, ", product page" for a product page
 * @returns {RowSpec[]}
 */
const lighthouseRows = (page) => [
  lighthouseScore("performance", "performance", "performance", page),
  lighthouseScore("accessibility", "accessibility", "accessibility", page),
  lighthouseScore("best practices", "bestPractices", "best-practices", page),
  lighthouseScore("SEO", "seo", "seo", page),
  {
    label: `Lighthouse mobile${page}: first paint (FCP)`,
    unit: "ms",
    value: (lh) => lh.median.fcpMs,
    note: runRange("fcpMs"),
    bar: { max: BUDGET.firstPaintMs },
  },
  {
    label: `Lighthouse mobile${page}: LCP`,
    unit: "ms",
    value: (lh) => lh.median.lcpMs,
    note: runRange("lcpMs"),
    bar: { max: BUDGET.firstPaintMs },
  },
  {
    label: `Lighthouse mobile${page}: TBT`,
    unit: "ms",
    value: (lh) => lh.median.tbtMs,
    note: runRange("tbtMs"),
  },
  { label: `Lighthouse mobile${page}: CLS`, unit: "decimal", value: (lh) => lh.median.cls },
  {
    // Lighthouse's own count of the same bytes, beside section 1's (its run may stop a little earlier).
    when: (lh) => Boolean(lh.median.transfer),
    label: `Lighthouse mobile${page}: HTML+CSS+JS it saw transferred`,
    unit: "bytes",
    value: (lh) => lh.median.transfer.total.bytes,
    note: (lh) =>
      `${inRequests(lh.median.transfer.total)}, JS ${formatBytes(lh.median.transfer.js.bytes)}${inRequests(lh.median.transfer.js)}`,
  },
];

/**
 * @param {string} label
 * @param {"performance" | "accessibility" | "bestPractices" | "seo"} key
 * @param {string} category Lighthouse's id of the category
 * @param {string} [page]
 * @returns {RowSpec}
 */
const lighthouseScore = (label, key, category, page = "") => ({
  label: `Lighthouse mobile${page}: ${label}`,
  unit: "score",
  value: (lh) => lh.median[key],
  note: (lh) => {
    const failed = lh.failedRuns.length ? `, ${lh.failedRuns.length} run(s) failed` : "";
    const runs =
      key === "performance" && (lh.performanceScores.length > 1 || failed)
        ? ` (median of ${lh.performanceScores.join(", ")}${failed})`
        : "";
    return runs + below90(lh.median.failing[category]);
  },
  bar: { min: BUDGET[key] },
});

/**
 * A load test's req/s row; each row adds its own note (loadNote and what it measured).
 * @param {string} label
 * @param {RowSpec["status"]} [status]
 * @returns {RowSpec}
 */
const throughput = (label, status) => ({
  label,
  unit: "req/s",
  value: (load) => load.rps,
  status,
});

/**
 * A load test's latencies, `detail` (e.g. its X-Cache), and its failed requests if any.
 * @param {import("./measure/throughput.mjs").Load} load
 * @param {string} [detail]
 */
const loadNote = (load, detail = "") =>
  ` · p50 ${formatMs(load.p50)} · p99 ${formatMs(load.p99)}${detail}` +
  (load.non2xx + load.errors > 0 ? ` (${load.non2xx} non-2xx, ${load.errors} errors!)` : "");

/** The ceilings' rows: a Worker answering a guest page's bytes, then its headers too, then behind the routing. */
const CEILING_LABEL = {
  bytes: (/** @type {{ bytes: number }} */ same) => `${formatBytes(same.bytes)} answered, no work`,
  headers: (/** @type {{ headerCount: number }} */ same) => `  + the page's ${same.headerCount} headers`,
  routed: () => "  + behind the asset routing",
};
const CEILING_NOTE = {
  bytes: " (the size of a guest page above)",
  headers: " (its CSP and security headers)",
  routed: " (static assets, run_worker_first: all of a hit but its work)",
};

/** Guest pages' throughput as a share of hello-world's: from the edge cache, and rendered (a miss). */
const THROUGHPUT_SHARE = { hit: 0.5, miss: 0.106 };

/**
 * Two rows per guest page (/ and a product page): its req/s, then that share of hello-world's against the bar.
 * @param {"hit" | "miss"} kind
 * @param {string} how
 * @param {number} bar
 * @returns {RowSpec[]}
 */
function guestPageRows(kind, how, bar) {
  const each = (/** @type {{ pages: any[] }} */ { pages }) => pages;
  return [
    {
      ...throughput("", (page) => (page[kind].non2xx + page[kind].errors > 0 ? "fail" : "info")),
      each,
      label: (page) => `Throughput of ${page.path === "/" ? "/" : "a product page"}, ${how}`,
      value: (page) => page[kind].rps,
      note: (page) => loadNote(page[kind], ` · X-Cache ${page[kind].cache}`) + roundsNote(page[kind]),
    },
    {
      each,
      label: (page) => `  ${page.path === "/" ? "/" : "product page"} ${kind} ÷ hello-world req/s`,
      unit: "share",
      // A hit alternated with hello-world round by round: the median of its rounds' shares.
      value: (page, results) =>
        page[kind].shares ? percentile(page[kind].shares, 50) : ratio(page[kind].rps, helloRps(results)),
      note: (page) =>
        page[kind].shares?.length > 1
          ? ` · rounds ${page[kind].shares.map((/** @type {number} */ share) => share.toFixed(3)).join(", ")}`
          : "",
      bar: { min: bar },
    },
  ];
}

/** hello-world's req/s (the median of its rounds), the anchor of every share. @param {Results} results */
const helloRps = (results) => measured(results.throughput)?.hello.rps;

/** The req/s of each round, when a load was measured in several. @param {{ rounds?: number[] }} load */
const roundsNote = ({ rounds }) =>
  rounds && rounds.length > 1 ? ` · median of ${rounds.map((rps) => formatCount(rps)).join(", ")}` : "";

/**
 * The table, section by section: `source` names the measurement the rows read (none: the whole results);
 * `name` is the row said instead when it failed or was skipped.
 * @type {{ section: string, source?: string, name?: string, rows: RowSpec[] }[]}
 */
const SECTIONS = [
  {
    section: "1",
    source: "firstLoad",
    name: "First load of /",
    rows: [
      ...firstLoadRows("/"),
      {
        label: "Product images, first viewport",
        figure: (fl) =>
          `${fl.images.requests} images, ${formatBytes(fl.images.bytes)} (fetched in the mobile viewport)`,
        target: "not in total",
      },
      {
        label: "Product thumbnail, average",
        figure: ({ images, imageFigures }) =>
          Number.isFinite(imageFigures.averageBytes)
            ? `${formatBytes(imageFigures.averageBytes)} over ${images.requests} (max ${formatBytes(imageFigures.maxBytes)}, ${imageFigures.webp}/${images.requests} WebP)`
            : "no images on the page",
        target: "small, WebP",
      },
    ],
  },
  {
    section: "1",
    source: "firstLoadProduct",
    name: "First load of a product page",
    rows: [
      { label: "Product page measured", figure: (fl) => fl.path, target: "" },
      ...firstLoadRows("a product page"),
    ],
  },
  {
    section: "1",
    source: "firstLoadSearch",
    name: "First load of a search result",
    rows: [
      { label: "Search result measured", figure: (fl) => fl.path, target: "" },
      ...firstLoadRows("a search result"),
    ],
  },
  {
    section: "1",
    source: "firstLoadDataSaver",
    name: "First load of / with data saver",
    rows: [
      {
        label: "Data saver: bytes of / (HTML+CSS+JS · images)",
        figure: (saver, results) => {
          const normal = measured(results.firstLoad);
          /** @param {any} fl */
          const side = (fl) =>
            `${formatBytes(fl.total.bytes)} · ${fl.images.requests} images ${formatBytes(fl.images.bytes)}`;
          return `on: ${side(saver)}  |  off: ${normal ? side(normal) : "n/a"}`;
        },
        target: "no images when on",
        status: (saver) => (saver.imageFigures.imgTags === 0 ? "pass" : "fail"),
      },
    ],
  },
  {
    section: "2",
    source: "lighthouse",
    name: "Lighthouse mobile",
    rows: lighthouseRows(""),
  },
  {
    section: "2",
    source: "lighthouseProduct",
    name: "Lighthouse mobile, product page",
    rows: lighthouseRows(", product page"),
  },
  {
    section: "2",
    source: "lighthouseSearch",
    name: "Lighthouse mobile, search result",
    rows: lighthouseRows(", search result"),
  },
  {
    section: "3",
    source: "throughput",
    name: "Throughput (10k products)",
    rows: [
      {
        ...throughput("Throughput of hello-world Worker"),
        each: ({ hello }) => [hello],
        note: (hello) => loadNote(hello) + roundsNote(hello),
      },
      {
        // No bar: what a Worker doing nothing else gets for the same response, so a hit's share can be read
        // against it (measure/throughput.mjs, measureThroughput).
        each: ({ hello }) => hello.ceilings ?? [],
        label: (same) => `  ceiling: ${CEILING_LABEL[same.kind](same)} ÷ hello-world req/s`,
        unit: "share",
        value: (same, results) => ratio(same.rps, helloRps(results)),
        note: (same) => ` · ${formatCount(same.rps)} req/s${CEILING_NOTE[same.kind]}`,
      },
      ...guestPageRows("hit", "from the edge cache", THROUGHPUT_SHARE.hit),
      ...guestPageRows("miss", "uncached", THROUGHPUT_SHARE.miss),
    ],
  },
  {
    section: "4",
    source: "search",
    name: "Search at 100k products",
    rows: [
      {
        label: "Search, every shape (100k products)",
        figure: ({ all, worst }) =>
          `${p50p95(all)} (n=${all.n}) · worst ${worst.shape}: ${worst.path} p95 ${formatMs(worst.p95)}`,
        value: ({ worst }) => worst.p95,
        ...searchP95,
      },
      {
        label: "Search statement alone, every shape",
        figure: ({ statements }) => {
          const worst = statementWorst(statements);
          return worst
            ? `worst ${worst.shape}: p50 ${formatMs(worst.p50)} · p95 ${formatMs(worst.p95)}`
            : "not measured";
        },
        value: ({ statements }) => statementWorst(statements)?.p95 ?? Number.NaN,
        ...searchP95,
      },
      {
        each: (search) =>
          search.shapes.map((shape) => ({
            ...shape,
            statement: search.statements?.find((s) => s.shape === shape.shape),
          })),
        label: (shape) => `  ${shape.shape}`,
        // The page from the edge cache; the statement alone, as the first shopper to search the term waits for
        // it: both held to the bar. Beside them the whole first search's page (statement, a trip to the
        // local D1, the page rendered), for what the runtime adds (docs/measuring.md).
        figure: (shape) =>
          `${p50p95(shape)}${shape.statement ? ` · statement ${p50p95(shape.statement)}` : ""}${shape.firstSearch ? ` · first search's page ${p50p95(shape.firstSearch)}` : ""} · products shown ${shape.paths.join(", ")}`,
        value: (shape) => Math.max(shape.p95, shape.statement?.p95 ?? 0),
        ...searchP95,
      },
      {
        when: ({ problems }) => problems.length > 0,
        label: "  unexpected responses",
        figure: ({ problems }) => problems.slice(0, 3).join(", "),
        target: "none",
        status: () => "fail",
      },
    ],
  },
  {
    section: "5",
    source: "chat",
    name: "Chat",
    rows: [
      {
        label: "Chat send-to-deliver latency",
        figure: ({ latencyMs, latencyMessages, lostMessages }) =>
          `p50 ${fixed(latencyMs.p50, 1, "ms")} · p99 ${fixed(latencyMs.p99, 1, "ms")} · ${latencyMessages} messages, ${lostMessages} lost`,
        unit: "ms",
        value: ({ latencyMs }) => latencyMs.p99,
        bar: { max: BUDGET.chatP99Ms, of: "p99" },
        // Every message must arrive, too.
        status: ({ lostMessages }, p99) =>
          lostMessages === 0 && verdict(p99, { max: BUDGET.chatP99Ms }) === "pass" ? "pass" : "fail",
      },
      {
        label: "Chat messages/s per room",
        figure: ({ rooms, messagesPerSecondPerRoom: perRoom }) =>
          `${perRoom.oneRoomAlone.toFixed(0)} alone · ${perRoom.allRoomsAtOnce.toFixed(1)} with all ${rooms} rooms busy`,
      },
      {
        label: "Chat party memory (RSS)",
        figure: ({ partyRssMb }) =>
          `${fixed(partyRssMb.idle, 0, "MB")} idle · ${fixed(partyRssMb.peak, 0, "MB")} peak`,
      },
    ],
  },
  {
    section: "6",
    source: "orders",
    name: "Admin › Orders at 100k orders",
    rows: [
      {
        each: (orders) => orders.pages,
        label: (page) => `Admin › Orders, ${page.kind}`,
        figure: (page) => `${p50p95(page)} (n=${page.n}, ${page.rows} rows)`,
        value: (page) => page.p95,
        unit: "ms",
        bar: { max: BUDGET.ordersPageP95Ms, of: "p95" },
      },
      {
        each: (orders) => orders.searches,
        label: (search) => `Admin › Orders, ${search.kind}`,
        figure: (search) => `${p50p95(search)} (n=${search.n}, ${search.rows} rows)`,
        value: (search) => search.p95,
        unit: "ms",
        bar: { max: BUDGET.ordersSearchP95Ms, of: "p95" },
      },
      {
        when: ({ problems }) => problems.length > 0,
        label: "  unexpected responses",
        figure: ({ problems }) => problems.slice(0, 3).join(", "),
        target: "none",
        status: () => "fail",
      },
    ],
  },
  {
    section: "7",
    source: "d1Distance",
    name: "Distance to D1",
    rows: [
      {
        each: (distance) => distance.calls.map((call) => ({ ...call, delayMs: distance.delayMs })),
        label: (call) => `${call.name}, ${call.delayMs} ms on every D1 call`,
        figure: (call) =>
          `${formatMs(call.far.serverMs)}, ${call.far.trips} trip(s) · no delay ${formatMs(call.plain.serverMs)}, ` +
          `${call.plain.trips} trip(s) · ${call.status}`,
        value: (call) => call.far.serverMs,
        target: (call) => `< ${formatMs(distanceBar(call))}`,
        status: (call) => (call.far.serverMs < distanceBar(call) ? "pass" : "fail"),
      },
    ],
  },
];

/**
 * A request that waits on D1 once for its reads (and once more for a write) costs its own time plus about
 * one delay: 1.5 × the delay leaves room for the machine, never for a second trip.
 * @param {{ delayMs: number, plain: { serverMs: number } }} call
 */
const distanceBar = (call) => call.plain.serverMs + 1.5 * call.delayMs;

/**
 * The data of a measurement, or null when it failed, was skipped or did not run.
 * @param {any} entry
 */
function measured(entry) {
  return entry && !("error" in entry) && !("skipped" in entry) ? entry : null;
}

/** @param {string} message @returns {string} its first line, cut at 120 characters */
function firstLine(message) {
  const line = message.split("\n")[0];
  return line.length > 120 ? `${line.slice(0, 117)}…` : line;
}

/**
 * @param {{ max?: number, min?: number, of?: string }} bar
 * @param {(limit: number) => string} bound
 */
function targetOf(bar, bound) {
  const of = bar.of ? `${bar.of} ` : "";
  if (bar.max !== undefined) return `${of}≤ ${bound(bar.max)}`;
  // A minimum of 100 is the top score: the target is just that.
  return bar.min === 100 ? "100" : `${of}≥ ${bound(/** @type {number} */ (bar.min))}`;
}

/**
 * @param {string} section
 * @param {RowSpec} spec
 * @param {any} data
 * @param {Results} results
 * @returns {Row}
 */
function toRow(section, spec, data, results) {
  const unit = spec.unit ? UNITS[spec.unit] : null;
  const value = spec.value?.(data, results);
  const figure = spec.figure?.(data, results) ?? `${unit?.format(value)}${spec.note?.(data, results) ?? ""}`;
  const target =
    spec.bar && unit?.bound
      ? targetOf(spec.bar, unit.bound)
      : ((typeof spec.target === "function" ? spec.target(data) : spec.target) ?? "");
  const status = spec.status ? spec.status(data, value) : spec.bar ? verdict(value, spec.bar) : "info";
  const metric = typeof spec.label === "function" ? spec.label(data) : spec.label;
  return { section, metric, figure, target, status };
}

/**
 * The table rows of a run, in section order.
 * @param {Results} results
 * @returns {Row[]}
 */
export function buildRows(results) {
  /** @type {Row[]} */
  const rows = [];
  for (const { section, source, name = "", rows: specs } of SECTIONS) {
    const entry = source ? results[source] : results;
    const data = measured(entry);
    if (!data) {
      const figure = entry?.skipped
        ? `skipped (${entry.skipped})`
        : `not measured: ${firstLine(entry?.error ?? "no result")}`;
      rows.push({ section, metric: name, figure, target: "", status: entry?.skipped ? "info" : "error" });
      continue;
    }
    for (const spec of specs) {
      if (spec.when && !spec.when(data)) continue;
      for (const item of spec.each ? spec.each(data) : [data]) rows.push(toRow(section, spec, item, results));
    }
  }
  return rows;
}

const STATUS_LABEL = { pass: "PASS", fail: "FAIL", info: "info", error: "ERROR" };
const HEADERS = ["#", "Metric", "Figure", "Target", "Result"];

/**
 * Renders rows as one Markdown-style table (pastes into a PR as-is). Long figures are kept whole: a
 * truncated error message would hide why a row could not be measured.
 * @param {Row[]} rows
 * @returns {string}
 */
export function renderTable(rows) {
  const cells = rows.map((row) => [
    row.section,
    row.metric,
    row.figure,
    row.target,
    STATUS_LABEL[row.status] ?? row.status,
  ]);
  const widths = HEADERS.map((header, i) => Math.max(header.length, ...cells.map((line) => line[i].length)));
  const line = (/** @type {string[]} */ values) =>
    `| ${values.map((v, i) => v.padEnd(widths[i])).join(" | ")} |`;
  const rule = `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`;
  return [line(HEADERS), rule, ...cells.map(line)].join("\n");
}

/**
 * @param {Row[]} rows
 * @returns {{ pass: number, fail: number, error: number, info: number }}
 */
export function countStatuses(rows) {
  const counts = { pass: 0, fail: 0, error: 0, info: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** How each section is measured, for docs/performance.md (the code in scripts/bench/ is the detail). */
const HOW_MEASURED = [
  "1. First load: Chromium loads the page as Lighthouse's phone (412 px wide, an empty cache), and every " +
    "response until the network has been idle for 3 s counts at its transfer size, headers included (Chrome's " +
    "encodedDataLength, as Lighthouse counts it), compressed as `wrangler dev` sends it (gzip). The code " +
    "that loads after the first paint and after the load event counts too. What the service worker then " +
    "fetches (sw.js and its precache) is counted apart: Lighthouse does not see it. The `framework` chunk " +
    "holds React, Remix and the code every page shares (vite.config.ts); the rest is the page's own.",
  "2. Lighthouse 12, mobile profile as it comes (Moto G Power, simulated Slow 4G: 150 ms RTT, 1.6 Mbps, " +
    "4× CPU slowdown), each run in a fresh Chromium; the run with the median performance score is shown, " +
    "and the range of every run's FCP, LCP and TBT. Its total blocking time moves with the machine's load " +
    "(its CPU benchmark index is in the log).",
  "3. Throughput with autocannon against `wrangler dev`, as a share of a hello-world Worker's in the same " +
    "runtime, in alternating rounds; edge-cache hits and uncached renders.",
  "4. Search at 100,000 synthetic products, per query shape, p50 and p95: sequential requests from the edge cache " +
    "and each shape's statement alone on the local D1 (both held to the bar); beside them, the whole page as the " +
    "first shopper to search the term meets it.",
  "5. Chat: `partykit dev`, 200 sockets in 100 conversations, send-to-deliver latency.",
  "6. Admin › Orders at 100,000 orders: sequential requests per page and search.",
  "7. Distance to D1: the bench's own Worker entry (workers/bench-distance.ts) waits the given delay before " +
    "every D1 call and counts the request's sequential trips; each page or API call is timed in the Worker " +
    "(median), alternating with and without the delay. Bar: under its no-delay time plus 1.5 × the delay.",
];

/**
 * docs/performance.md: the latest run's table and how it was measured, written by every run.
 * @param {Row[]} rows
 * @param {{ generatedAt: string, seconds: number, counts: ReturnType<typeof countStatuses>,
 *           machine: { cpus: number, loadAverageStart: number[], loadAverageEnd: number[] },
 *           settings: Record<string, number> }} run
 * @returns {string}
 */
export function performanceDoc(rows, { generatedAt, seconds, counts, machine, settings }) {
  const load = `${machine.loadAverageStart[0].toFixed(2)} → ${machine.loadAverageEnd[0].toFixed(2)}`;
  return [
    "# Performance",
    "",
    "Written by `npm run bench` (scripts/bench/) at the end of every run; do not edit by hand. The targets " +
      "are set for a first visit on a low-end phone over Slow 4G (scripts/bench/report.mjs, BUDGET); each row says PASS or " +
      "FAIL against its own. kB = 1,000 bytes. Decisions that rest on these figures are in docs/decisions/.",
    "",
    "## How it is measured",
    "",
    ...HOW_MEASURED.map((line) => `- ${line}`),
    "",
    "## Latest run",
    "",
    `${generatedAt.slice(0, 10)}, ${machine.cpus} CPUs, load average ${load}, ${seconds.toFixed(0)} s; ` +
      `${settings.lighthouseRuns} Lighthouse run(s) a page. ${counts.pass} pass, ${counts.fail} fail, ` +
      `${counts.error} not measured, ${counts.info} info (a skipped step says so in its row).`,
    "",
    renderTable(rows),
    "",
  ].join("\n");
}

/**
 * Prints the table and its summary and writes bench-results/latest.json and docs/performance.md.
 * @param {Results} results
 * @param {{ root: string, settings: Record<string, number>, loadAverageStart: number[] }} run
 * @returns {Promise<number>} the exit code: 0 even when targets are missed (a report, not a gate); 1 only
 *   when nothing at all was measured
 */
export async function report(results, { root, settings, loadAverageStart }) {
  const rows = buildRows(results);
  const counts = countStatuses(rows);
  const seconds = elapsedSeconds();
  const loadAverageEnd = os.loadavg();
  const cpus = os.cpus().length;
  const machine = { cpus, node: process.version, loadAverageStart, loadAverageEnd };
  const json = {
    generatedAt: new Date().toISOString(),
    seconds,
    machine,
    settings,
    budget: BUDGET,
    counts,
    rows,
    details: results,
  };
  await mkdir(path.join(root, "bench-results"), { recursive: true });
  await writeFile(path.join(root, "bench-results", "latest.json"), `${JSON.stringify(json, null, 2)}\n`);
  await writeFile(path.join(root, "docs", "performance.md"), performanceDoc(rows, json));

  const [start, end] = [loadAverageStart[0], loadAverageEnd[0]];
  const lines = [
    "",
    renderTable(rows),
    "",
    `${counts.pass} pass, ${counts.fail} fail, ${counts.error} not measured, ${counts.info} info · ${seconds.toFixed(0)} s · ` +
      `kB = 1,000 bytes · load average ${start.toFixed(2)} → ${end.toFixed(2)} on ${cpus} CPUs` +
      (Math.max(start, end) > cpus / 2 ? " (other work was running: timings are noisy)" : ""),
  ];
  if ([results.catalogue10k, results.catalogue100k].some((catalogue) => catalogue?.toppedUp > 0))
    lines.push(
      "Note: scripts/seed.ts stopped part-way; the rest of the catalogue was added by SQL top-up (see the log above).",
    );
  if (results.build?.stale)
    lines.push(
      "Note: the build is older than app/; run `npm run build` (or pass --build) for current figures.",
    );
  lines.push("Saved bench-results/latest.json and docs/performance.md");
  console.log(lines.join("\n"));
  return counts.pass + counts.fail + counts.info > 0 ? 0 : 1;
}
