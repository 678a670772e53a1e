import { describe, expect, it } from "vitest";
import { tallyTransfers } from "../../scripts/bench/measure/transfers.mjs";
import { buildRows, countStatuses, performanceDoc, renderTable } from "../../scripts/bench/report.mjs";
import {
  formatBytes,
  formatMs,
  medianRun,
  nearestRank,
  percentile,
  ratio,
  summarize,
  toPercentScore,
  verdict,
} from "../../scripts/bench/stats.mjs";

describe("percentile", () => {
  it("interpolates between closest ranks", () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([10, 20, 30, 40, 50], 95)).toBeCloseTo(48);
    expect(percentile([3, 1, 2], 0)).toBe(1);
    expect(percentile([3, 1, 2], 100)).toBe(3);
  });
  it("does not reorder the caller's array", () => {
    const values = [5, 1, 4];
    percentile(values, 50);
    expect(values).toEqual([5, 1, 4]);
  });
  it("is NaN for no data and refuses a percentile outside 0..100", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe("nearestRank", () => {
  it("picks an observed value, rounded to 0.01, and is null for no data", () => {
    expect(nearestRank([4, 1, 3, 2], 50)).toBe(2);
    expect(nearestRank([10, 20, 30, 40, 50], 99)).toBe(50);
    expect(nearestRank([1.23456], 0)).toBe(1.23);
    expect(nearestRank([], 50)).toBeNull();
  });
});

describe("summarize", () => {
  it("gives count, extremes, mean and percentiles", () => {
    const s = summarize([4, 1, 3, 2]);
    expect(s).toMatchObject({ n: 4, min: 1, max: 4, mean: 2.5, p50: 2.5 });
    expect(s.p95).toBeCloseTo(3.85);
  });
  it("reports an empty sample as NaN rather than zero", () => {
    const s = summarize([]);
    expect(s.n).toBe(0);
    expect(s.p50).toBeNaN();
    expect(s.max).toBeNaN();
  });
});

describe("units", () => {
  it("prints bytes in kB of 1,000 bytes", () => {
    expect(formatBytes(742)).toBe("742 B");
    expect(formatBytes(84_483)).toBe("84.5 kB");
    expect(formatBytes(Number.NaN)).toBe("n/a");
  });
  it("prints milliseconds, and seconds from one second up", () => {
    expect(formatMs(3.14159)).toBe("3.14 ms");
    expect(formatMs(42.26)).toBe("42.3 ms");
    expect(formatMs(2424.5)).toBe("2.42 s");
  });
  it("turns Lighthouse's 0..1 scores into 0..100 and keeps a missing score missing", () => {
    expect(toPercentScore(0.955)).toBe(96);
    expect(toPercentScore(1)).toBe(100);
    expect(toPercentScore(null)).toBeNull();
  });
  it("divides only by a positive figure", () => {
    expect(ratio(50, 200)).toBe(0.25);
    expect(ratio(50, 0)).toBeNaN();
  });
});

describe("verdict", () => {
  it("passes at the bound and fails beyond it", () => {
    expect(verdict(120, { max: 120 })).toBe("pass");
    expect(verdict(120.1, { max: 120 })).toBe("fail");
    expect(verdict(95, { min: 95 })).toBe("pass");
    expect(verdict(94, { min: 95 })).toBe("fail");
  });
  it("calls a missing figure an error, never a pass", () => {
    expect(verdict(null, { min: 95 })).toBe("error");
    expect(verdict(Number.NaN, { max: 1 })).toBe("error");
  });
});

describe("medianRun", () => {
  it("keeps the run with the median performance score", () => {
    const runs = [
      { performance: 90, id: "a" },
      { performance: 99, id: "b" },
      { performance: 95, id: "c" },
    ];
    expect(medianRun(runs)?.id).toBe("c");
  });
  it("takes the lower middle of an even count and skips unscored runs", () => {
    const runs = [
      { performance: 80, id: "a" },
      { performance: null, id: "x" },
      { performance: 90, id: "b" },
    ];
    expect(medianRun(runs)?.id).toBe("a");
  });
});

describe("renderTable", () => {
  const rows = [
    { section: "1", metric: "JS (gzip)", figure: "84.5 kB", target: "≤ 100 kB", status: "pass" as const },
    {
      section: "2",
      metric: "Lighthouse: accessibility",
      figure: "96 — below 90: color-contrast",
      target: "100",
      status: "fail" as const,
    },
    { section: "3", metric: "Throughput", figure: "n/a", target: "", status: "error" as const },
  ];
  it("aligns every column and labels the result", () => {
    const lines = renderTable(rows).split("\n");
    expect(lines).toHaveLength(5);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(lines[0]).toMatch(/^\| # +\| Metric +\| Figure +\| Target +\| Result \|$/);
    expect(lines[1]).toMatch(/^\|-+\|-+\|-+\|-+\|-+\|$/);
    expect(lines[2]).toContain("| PASS   |");
    expect(lines[3]).toContain("| FAIL   |");
    expect(lines[4]).toContain("| ERROR  |");
  });
  it("counts rows by status", () => {
    expect(countStatuses(rows)).toEqual({ pass: 1, fail: 1, error: 1, info: 0 });
  });
});

describe("transfers", () => {
  const at = "http://127.0.0.1:8800";
  const transfer = (path: string, type: string, bytes: number, status = 200) => ({
    url: `${at}${path}`,
    type,
    status,
    mimeType: "",
    bytes,
  });
  const load = [
    transfer("/", "Document", 15_000),
    transfer("/assets/framework-abc.js", "Script", 82_000),
    transfer("/assets/root-1.js", "Script", 3_000),
    transfer("/assets/island-2.js", "Script", 2_000),
    transfer("/assets/shop-3.css", "Stylesheet", 7_000),
    transfer("/images/a.webp", "Image", 2_900),
    transfer("/__manifest?p=%2F", "Fetch", 1_400),
    transfer("/favicon.svg", "Other", 500),
    transfer("/assets/gone-4.js", "Script", 300, 404),
  ];

  it("counts HTML, CSS and JS at their transfer size, with their requests", () => {
    const figures = tallyTransfers(load);
    expect(figures.html).toEqual({ bytes: 15_000, requests: 1 });
    expect(figures.css).toEqual({ bytes: 7_000, requests: 1 });
    expect(figures.js).toMatchObject({ bytes: 87_300, requests: 4 });
    expect(figures.total).toEqual({ bytes: 109_300, requests: 6 });
  });
  it("tells the framework chunk (React, Remix, our shared code) from the page's own code", () => {
    const { js } = tallyTransfers(load);
    expect(js.framework).toEqual({ bytes: 82_000, requests: 1 });
    expect(js.own).toEqual({ bytes: 5_300, requests: 3 });
  });
  it("keeps images and everything else out of the total, and names what failed", () => {
    const figures = tallyTransfers(load);
    expect(figures.images).toEqual({ bytes: 2_900, requests: 1 });
    expect(figures.other).toEqual({ bytes: 1_900, requests: 2 });
    expect(figures.failed).toEqual([`404 ${at}/assets/gone-4.js`]);
  });
});

describe("report rows", () => {
  const stat = (p50: number, p95: number, n = 20) => ({ n, p50, p95 });
  // A saved results object (trimmed to what the report reads) and the rows it made before the bench was
  // split into measuring and reporting.
  const results = {
    build: { built: false, stale: false },
    catalogue10k: { count: 10_042, reused: false, toppedUp: 3210, seconds: 12.6 },
    firstLoad: {
      html: { bytes: 8123, requests: 1 },
      css: { bytes: 7345, requests: 1 },
      js: {
        bytes: 84_483,
        requests: 3,
        framework: { bytes: 80_100, requests: 1 },
        own: { bytes: 4383, requests: 2 },
      },
      total: { bytes: 99_951, requests: 5 },
      images: { bytes: 9300, requests: 2 },
      other: { bytes: 1900, requests: 2 },
      failed: ["404 http://x/c.js"],
      imageFigures: { imgTags: 4, averageBytes: 4650, maxBytes: 5200, webp: 1 },
      serviceWorker: { bytes: 119_297, requests: 93 },
    },
    lighthouse: {
      median: {
        performance: 94,
        accessibility: 96,
        bestPractices: 100,
        seo: null,
        fcpMs: 1234.5,
        lcpMs: 2424.5,
        tbtMs: 42.26,
        cls: 0.0123,
        failing: {
          performance: ["largest-contentful-paint", "unused-javascript"],
          accessibility: ["color-contrast"],
        },
        images: [{ bytes: 4100 }, { bytes: 3000 }],
      },
      performanceScores: [90, 94, 97],
      runs: [
        { fcpMs: 1234.5, lcpMs: 2424.5, tbtMs: 42.26 },
        { fcpMs: 1100, lcpMs: 1900, tbtMs: 120 },
      ],
      failedRuns: ["PROTOCOL_TIMEOUT"],
    },
    throughput: {
      hello: {
        rps: 4321.9,
        p50: 1.5,
        p99: 6.25,
        non2xx: 0,
        errors: 0,
        rounds: [4100, 4321.9, 4500],
        ceilings: [
          {
            page: 0,
            bytes: 97_300,
            kind: "bytes",
            headerCount: 1,
            rps: 2800,
            p50: 2,
            p99: 8,
            non2xx: 0,
            errors: 0,
          },
          {
            page: 0,
            bytes: 97_300,
            kind: "routed",
            headerCount: 9,
            rps: 2500,
            p50: 2,
            p99: 9,
            non2xx: 0,
            errors: 0,
          },
        ],
      },
      pages: [
        {
          path: "/",
          hit: {
            rps: 2400.5,
            p50: 3.1,
            p99: 9.5,
            non2xx: 0,
            errors: 0,
            cache: "HIT",
            rounds: [2300, 2400.5, 2600],
            // The median share (0.561) is not the median req/s over the median hello-world's (0.555).
            shares: [0.561, 0.5, 0.6],
          },
          miss: { rps: 812.44, p50: 11.2, p99: 48.04, non2xx: 0, errors: 0, cache: "BYPASS" },
        },
        {
          path: "/products/1-paracetamol",
          hit: { rps: 1900, p50: 4, p99: 11, non2xx: 0, errors: 0, cache: "HIT" },
          miss: { rps: 300, p50: 30, p99: 90, non2xx: 0, errors: 0, cache: "BYPASS" },
        },
      ],
    },
    search: {
      all: stat(9.5, 41.2, 60),
      shapes: [
        {
          shape: "1 letter, common",
          paths: ["/shop?q=a: 24", "/shop?q=T: 24"],
          ...stat(6, 12.5),
          firstSearch: stat(14, 28.4),
        },
        { shape: "3+ letters, rare", paths: ["/shop?q=99999: 1", "/shop?q=%234321: ?"], ...stat(25, 30.2) },
      ],
      // The statement alone is held to the bar as the page is: here it fails a shape whose page passes.
      statements: [
        { shape: "1 letter, common", ...stat(8, 31) },
        { shape: "3+ letters, rare", ...stat(2, 3) },
      ],
      worst: { shape: "3+ letters, rare", path: "/shop?q=99999", p95: 41.2 },
      problems: ["500 /shop?q=a", "500 /shop?q=b", "not JSON: /api?q=c", "404 /x"],
    },
    chat: {
      rooms: 100,
      latencyMessages: 4000,
      lostMessages: 0,
      latencyMs: { p50: 3.21, p99: 12.34 },
      messagesPerSecondPerRoom: { allRoomsAtOnce: 45, oneRoomAlone: 2100 },
      partyRssMb: { idle: 80.5, peak: 143.46 },
    },
  };
  const cells = (rows: ReturnType<typeof buildRows>) =>
    rows.map((row) => [row.section, row.metric, row.figure, row.target, row.status]);

  it("turns a saved results object into the table rows", () => {
    const withProductPage = {
      ...results,
      firstLoadProduct: { path: "/products/1-paracetamol", ...results.firstLoad },
      firstLoadDataSaver: results.firstLoad,
      lighthouseProduct: { skipped: "--skip-lighthouse" },
      d1Distance: {
        delayMs: 100,
        reps: 7,
        calls: [
          { name: "cart", status: 200, plain: { serverMs: 30, trips: 1 }, far: { serverMs: 140, trips: 1 } },
          {
            name: "dashboard",
            status: 200,
            plain: { serverMs: 50, trips: 3 },
            far: { serverMs: 360, trips: 3 },
          },
        ],
      },
    };
    expect(cells(buildRows(withProductPage))).toEqual([
      ["1", "First load of /: HTML", "8.1 kB", "", "info"],
      ["1", "First load of /: CSS", "7.3 kB in 1 request", "", "info"],
      ["1", "First load of /: JS", "84.5 kB in 3 requests — 1 failed: 404 http://x/c.js", "≤ 95 kB", "pass"],
      [
        "1",
        "First load of /: JS, framework (React, Remix, our shared code)",
        "80.1 kB in 1 request",
        "",
        "info",
      ],
      ["1", "First load of /: JS, the page's own code", "4.4 kB in 2 requests", "", "info"],
      ["1", "First load of /: total HTML+CSS+JS", "100.0 kB in 5 requests", "≤ 110 kB", "pass"],
      [
        "1",
        "First load of /: then the service worker",
        "119.3 kB in 93 requests (sw.js and its precache; Lighthouse does not see these)",
        "",
        "info",
      ],
      [
        "1",
        "Product images, first viewport",
        "2 images, 9.3 kB (fetched in the mobile viewport)",
        "not in total",
        "info",
      ],
      ["1", "Product thumbnail, average", "4.7 kB over 2 (max 5.2 kB, 1/2 WebP)", "small, WebP", "info"],
      ["1", "Product page measured", "/products/1-paracetamol", "", "info"],
      ["1", "First load of a product page: HTML", "8.1 kB", "", "info"],
      ["1", "First load of a product page: CSS", "7.3 kB in 1 request", "", "info"],
      [
        "1",
        "First load of a product page: JS",
        "84.5 kB in 3 requests — 1 failed: 404 http://x/c.js",
        "≤ 95 kB",
        "pass",
      ],
      [
        "1",
        "First load of a product page: JS, framework (React, Remix, our shared code)",
        "80.1 kB in 1 request",
        "",
        "info",
      ],
      ["1", "First load of a product page: JS, the page's own code", "4.4 kB in 2 requests", "", "info"],
      ["1", "First load of a product page: total HTML+CSS+JS", "100.0 kB in 5 requests", "≤ 110 kB", "pass"],
      [
        "1",
        "First load of a product page: then the service worker",
        "119.3 kB in 93 requests (sw.js and its precache; Lighthouse does not see these)",
        "",
        "info",
      ],
      ["1", "First load of a search result", "not measured: no result", "", "error"],
      [
        "1",
        "Data saver: bytes of / (HTML+CSS+JS · images)",
        "on: 100.0 kB · 2 images 9.3 kB  |  off: 100.0 kB · 2 images 9.3 kB",
        "no images when on",
        "fail",
      ],
      [
        "2",
        "Lighthouse mobile: performance",
        "94 (median of 90, 94, 97, 1 run(s) failed) — below 90: largest-contentful-paint, unused-javascript",
        "100",
        "fail",
      ],
      ["2", "Lighthouse mobile: accessibility", "96 — below 90: color-contrast", "100", "fail"],
      ["2", "Lighthouse mobile: best practices", "100", "100", "pass"],
      ["2", "Lighthouse mobile: SEO", "n/a", "100", "error"],
      ["2", "Lighthouse mobile: first paint (FCP)", "1.23 s (runs 1.10 s–1.23 s)", "≤ 1500 ms", "pass"],
      ["2", "Lighthouse mobile: LCP", "2.42 s (runs 1.90 s–2.42 s)", "≤ 1500 ms", "fail"],
      ["2", "Lighthouse mobile: TBT", "42.3 ms (runs 42.3 ms–120.0 ms)", "", "info"],
      ["2", "Lighthouse mobile: CLS", "0.012", "", "info"],
      ["2", "Lighthouse mobile, product page", "skipped (--skip-lighthouse)", "", "info"],
      ["2", "Lighthouse mobile, search result", "not measured: no result", "", "error"],
      [
        "3",
        "Throughput of hello-world Worker",
        "4,322 req/s · p50 1.50 ms · p99 6.25 ms · median of 4,100, 4,322, 4,500",
        "",
        "info",
      ],
      [
        "3",
        "  ceiling: 97.3 kB answered, no work ÷ hello-world req/s",
        "0.648 (64.8 %) · 2,800 req/s (the size of a guest page above)",
        "",
        "info",
      ],
      [
        "3",
        "  ceiling:   + behind the asset routing ÷ hello-world req/s",
        "0.578 (57.8 %) · 2,500 req/s (static assets, run_worker_first: all of a hit but its work)",
        "",
        "info",
      ],
      [
        "3",
        "Throughput of /, from the edge cache",
        "2,401 req/s · p50 3.10 ms · p99 9.50 ms · X-Cache HIT · median of 2,300, 2,401, 2,600",
        "",
        "info",
      ],
      [
        "3",
        "Throughput of a product page, from the edge cache",
        "1,900 req/s · p50 4.00 ms · p99 11.0 ms · X-Cache HIT",
        "",
        "info",
      ],
      ["3", "  / hit ÷ hello-world req/s", "0.561 (56.1 %) · rounds 0.561, 0.500, 0.600", "≥ 0.5×", "pass"],
      ["3", "  product page hit ÷ hello-world req/s", "0.440 (44.0 %)", "≥ 0.5×", "fail"],
      [
        "3",
        "Throughput of /, uncached",
        "812 req/s · p50 11.2 ms · p99 48.0 ms · X-Cache BYPASS",
        "",
        "info",
      ],
      [
        "3",
        "Throughput of a product page, uncached",
        "300 req/s · p50 30.0 ms · p99 90.0 ms · X-Cache BYPASS",
        "",
        "info",
      ],
      ["3", "  / miss ÷ hello-world req/s", "0.188 (18.8 %)", "≥ 0.106×", "pass"],
      ["3", "  product page miss ÷ hello-world req/s", "0.069 (6.9 %)", "≥ 0.106×", "fail"],
      [
        "4",
        "Search, every shape (100k products)",
        "p50 9.50 ms · p95 41.2 ms (n=60) · worst 3+ letters, rare: /shop?q=99999 p95 41.2 ms",
        "p95 ≤ 30 ms",
        "fail",
      ],
      [
        "4",
        "Search statement alone, every shape",
        "worst 1 letter, common: p50 8.00 ms · p95 31.0 ms",
        "p95 ≤ 30 ms",
        "fail",
      ],
      [
        "4",
        "  1 letter, common",
        "p50 6.00 ms · p95 12.5 ms · statement p50 8.00 ms · p95 31.0 ms · first search's page p50 14.0 ms · p95 28.4 ms · products shown /shop?q=a: 24, /shop?q=T: 24",
        "p95 ≤ 30 ms",
        "fail",
      ],
      [
        "4",
        "  3+ letters, rare",
        "p50 25.0 ms · p95 30.2 ms · statement p50 2.00 ms · p95 3.00 ms · products shown /shop?q=99999: 1, /shop?q=%234321: ?",
        "p95 ≤ 30 ms",
        "fail",
      ],
      ["4", "  unexpected responses", "500 /shop?q=a, 500 /shop?q=b, not JSON: /api?q=c", "none", "fail"],
      [
        "5",
        "Chat send-to-deliver latency",
        "p50 3.2 ms · p99 12.3 ms · 4000 messages, 0 lost",
        "p99 ≤ 50 ms",
        "pass",
      ],
      ["5", "Chat messages/s per room", "2100 alone · 45.0 with all 100 rooms busy", "", "info"],
      ["5", "Chat party memory (RSS)", "81 MB idle · 143 MB peak", "", "info"],
      ["6", "Admin › Orders at 100k orders", "not measured: no result", "", "error"],
      // One trip costs the delay once: under 1.5 × the delay passes; three trips cannot.
      [
        "7",
        "cart, 100 ms on every D1 call",
        "140.0 ms, 1 trip(s) · no delay 30.0 ms, 1 trip(s) · 200",
        "< 180.0 ms",
        "pass",
      ],
      [
        "7",
        "dashboard, 100 ms on every D1 call",
        "360.0 ms, 3 trip(s) · no delay 50.0 ms, 3 trip(s) · 200",
        "< 200.0 ms",
        "fail",
      ],
    ]);
  });

  it("fails a load test with bad responses and a chat that lost messages", () => {
    const rows = buildRows({
      ...results,
      throughput: {
        ...results.throughput,
        pages: [
          {
            ...results.throughput.pages[0],
            miss: { ...results.throughput.pages[0].miss, non2xx: 3, errors: 1 },
          },
        ],
      },
      chat: { ...results.chat, lostMessages: 2 },
    });
    expect(rows.find((row) => row.metric === "Throughput of /, uncached")).toMatchObject({
      figure: "812 req/s · p50 11.2 ms · p99 48.0 ms · X-Cache BYPASS (3 non-2xx, 1 errors!)",
      status: "fail",
    });
    expect(rows.find((row) => row.metric === "Chat send-to-deliver latency")?.status).toBe("fail");
  });

  it("shows Lighthouse's own count of the bytes when its run has one", () => {
    const transfer = tallyTransfers([
      { url: "http://x/", type: "Document", status: 200, mimeType: "", bytes: 15_000 },
      { url: "http://x/assets/framework-a.js", type: "Script", status: 200, mimeType: "", bytes: 82_000 },
    ]);
    const rows = buildRows({
      ...results,
      lighthouse: { ...results.lighthouse, median: { ...results.lighthouse.median, transfer } },
    });
    expect(
      rows.find((row) => row.metric === "Lighthouse mobile: HTML+CSS+JS it saw transferred"),
    ).toMatchObject({
      figure: "97.0 kB in 2 requests, JS 82.0 kB in 1 request",
      status: "info",
    });
  });

  it("writes docs/performance.md: how it is measured, then the latest run's table", () => {
    const rows = buildRows(results);
    const doc = performanceDoc(rows, {
      generatedAt: "2026-11-27T10:00:00.000Z",
      seconds: 321,
      counts: countStatuses(rows),
      machine: { cpus: 2, loadAverageStart: [1.5], loadAverageEnd: [2.25] },
      settings: { lighthouseRuns: 3 },
    });
    expect(doc).toMatch(/^# Performance\n/);
    expect(doc).toContain("## How it is measured");
    expect(doc).toContain("headers included");
    expect(doc).toContain("2026-11-27, 2 CPUs, load average 1.50 → 2.25, 321 s; 3 Lighthouse run(s) a page.");
    expect(doc).toContain(renderTable(rows));
  });

  it("gives a section that failed or was skipped one row saying why", () => {
    const rows = buildRows({
      firstLoad: { error: "GET / answered 500\nmore detail" },
      firstLoadProduct: { error: "GET / answered 500" },
      lighthouse: { skipped: "--skip-lighthouse" },
      lighthouseProduct: { skipped: "--skip-lighthouse" },
      throughput: { skipped: "--only search" },
    });
    expect(cells(rows)).toEqual([
      ["1", "First load of /", "not measured: GET / answered 500", "", "error"],
      ["1", "First load of a product page", "not measured: GET / answered 500", "", "error"],
      ["1", "First load of a search result", "not measured: no result", "", "error"],
      ["1", "First load of / with data saver", "not measured: no result", "", "error"],
      ["2", "Lighthouse mobile", "skipped (--skip-lighthouse)", "", "info"],
      ["2", "Lighthouse mobile, product page", "skipped (--skip-lighthouse)", "", "info"],
      ["2", "Lighthouse mobile, search result", "not measured: no result", "", "error"],
      ["3", "Throughput (10k products)", "skipped (--only search)", "", "info"],
      ["4", "Search at 100k products", "not measured: no result", "", "error"],
      ["5", "Chat", "not measured: no result", "", "error"],
      ["6", "Admin › Orders at 100k orders", "not measured: no result", "", "error"],
      ["7", "Distance to D1", "not measured: no result", "", "error"],
    ]);
  });
});
