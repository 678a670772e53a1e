import { describe, expect, it } from "vitest";
import {
  extractPageAssets,
  parseAttributes,
  staticImports,
  cssImports,
  sameOrigin,
} from "../../scripts/bench/html-assets.mjs";
import {
  countStatuses,
  formatBytes,
  formatMs,
  medianRun,
  percentile,
  ratio,
  renderTable,
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

describe("page assets", () => {
  const page = "http://127.0.0.1:8800/";
  const html = `<!DOCTYPE html><html><head>
    <link rel="stylesheet" href="/assets/tailwind-abc.css"/>
    <link rel="icon" href="/favicon.svg"/>
    <!-- <link rel="stylesheet" href="/assets/commented-out.css"/> -->
    <link rel="modulepreload" href="/assets/entry.client-1.js"/>
    <link rel=modulepreload href='/assets/components-2.js'>
    <link rel="modulepreload" href="/assets/entry.client-1.js"/>
    </head><body>
    <img src="/images/a.webp" alt="" loading="eager" fetchPriority="high"/>
    <img src="/images/b.webp" alt="" loading="lazy"/>
    <img alt="no source"/>
    <script nonce="n">window.__ctx = {"import": "not a module"};</script>
    <script type="application/json">{"from": "x"}</script>
    <script nonce="n" type="module" async="">
      import * as route0 from "/assets/root-3.js";
      import "/assets/side-effect-4.js";
      window.__remixManifest = {};
    </script>
    <script src="/legacy.js" defer></script>
    </body></html>`;

  it("finds stylesheets, module preloads, module imports and scripts, once each, as absolute URLs", () => {
    const assets = extractPageAssets(html, page);
    expect(assets.stylesheets).toEqual([`${page}assets/tailwind-abc.css`]);
    expect(assets.modulePreloads).toEqual([
      `${page}assets/entry.client-1.js`,
      `${page}assets/components-2.js`,
    ]);
    expect(assets.inlineModuleImports).toEqual([`${page}assets/root-3.js`, `${page}assets/side-effect-4.js`]);
    expect(assets.scripts).toEqual([`${page}legacy.js`]);
  });
  it("lists images with their loading mode (eager when unset)", () => {
    const assets = extractPageAssets(html, page);
    expect(assets.images).toEqual([
      { src: `${page}images/a.webp`, loading: "eager", fetchpriority: "high" },
      { src: `${page}images/b.webp`, loading: "lazy", fetchpriority: "auto" },
    ]);
  });
  it("reads quoted, unquoted and bare attributes and decodes entities", () => {
    expect(parseAttributes(`<a href="/x?a=1&amp;b=2" data-x='y' hidden id=main>`)).toEqual({
      href: "/x?a=1&b=2",
      "data-x": "y",
      hidden: "",
      id: "main",
    });
  });
  it("follows static imports of minified modules but not dynamic import()", () => {
    const source = `import{j as e,r as t}from"./components-2.js";import"./side.js";export*from"./re.js";const l=()=>import("./lazy.js");`;
    expect(staticImports(source).sort()).toEqual(["./components-2.js", "./re.js", "./side.js"]);
  });
  it("finds @import in stylesheets", () => {
    expect(cssImports(`@import url("a.css");@import 'b.css' screen;body{}`)).toEqual(["a.css", "b.css"]);
  });
  it("tells same-origin URLs from others", () => {
    expect(sameOrigin("http://127.0.0.1:8800/a.js", page)).toBe(true);
    expect(sameOrigin("https://cdn.example/a.js", page)).toBe(false);
  });
});
