/**
 * Finds what a server-rendered page makes the browser download, from its markup alone, so the bench keeps
 * working while the pages and the hashed asset names change. Pure functions (unit-tested).
 */

/**
 * Attributes of one start tag, names lower-cased; a bare attribute has the value "".
 * @param {string} tag e.g. `<link rel="modulepreload" href="/a.js"/>`
 * @returns {Record<string, string>}
 */
export function parseAttributes(tag) {
  const body = tag.replace(/^<[a-zA-Z0-9-]+/, "").replace(/\/?>$/, "");
  /** @type {Record<string, string>} */
  const attributes = {};
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of body.matchAll(pattern)) {
    attributes[match[1].toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

/** @param {string} value */
function decodeEntities(value) {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * Static import specifiers of an ES module (minified or not). Dynamic `import()` is left out on purpose:
 * those chunks load later, on demand, and are not part of the first load.
 * @param {string} source
 * @returns {string[]}
 */
export function staticImports(source) {
  const found = new Set();
  // `import x from "y"`, `import {a} from"y"`, `export * from "y"` and side-effect `import "y"`.
  const patterns = [
    /(?:^|[;\s})])(?:import|export)\s*(?:[\w$*{}\s,]+?)\s*from\s*["']([^"'\n]+)["']/g,
    /(?:^|[;\s})])import\s*["']([^"'\n]+)["']/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) found.add(match[1]);
  }
  return [...found];
}

/**
 * `@import` targets of a stylesheet.
 * @param {string} css
 * @returns {string[]}
 */
export function cssImports(css) {
  const found = [];
  for (const match of css.matchAll(/@import\s+(?:url\(\s*)?["']?([^"')\s;]+)["']?\s*\)?[^;]*;/g))
    found.push(match[1]);
  return found;
}

/**
 * @typedef {{ src: string, loading: string, fetchpriority: string }} PageImage
 * @typedef {{ stylesheets: string[], scripts: string[], modulePreloads: string[], inlineModuleImports: string[],
 *             images: PageImage[] }} PageAssets
 */

/**
 * Everything the first load of a page asks for, as absolute URLs (document order, no duplicates).
 * @param {string} html
 * @param {string} pageUrl
 * @returns {PageAssets}
 */
/**
 * The names a page's modulepreloads and module script carry until the first paint wakes them
 * (app/lib/scripts-after-paint.ts): every load fetches and runs them all the same.
 */
const WAITING_PRELOAD_REL = "medistore-after-paint-preload";
const WAITING_SCRIPT_TYPE = "medistore/after-paint";

export function extractPageAssets(html, pageUrl) {
  const markup = html.replace(/<!--[\s\S]*?-->/g, "");
  const absolute = (/** @type {string} */ href) => new URL(href, pageUrl).href;
  /** @type {PageAssets} */
  const assets = { stylesheets: [], scripts: [], modulePreloads: [], inlineModuleImports: [], images: [] };

  for (const [tag] of markup.matchAll(/<link\b[^>]*>/gi)) {
    const attributes = parseAttributes(tag);
    const rels = (attributes.rel ?? "").toLowerCase().split(/\s+/);
    if (!attributes.href) continue;
    if (rels.includes("stylesheet") && !("disabled" in attributes))
      assets.stylesheets.push(absolute(attributes.href));
    if (rels.includes("modulepreload") || rels.includes(WAITING_PRELOAD_REL))
      assets.modulePreloads.push(absolute(attributes.href));
  }

  for (const match of markup.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = parseAttributes(`<script${match[1]}>`);
    const type = (attributes.type ?? "").toLowerCase().replace(WAITING_SCRIPT_TYPE, "module");
    const runs = type === "" || type === "module" || type.includes("javascript");
    if (!runs) continue;
    if (attributes.src) assets.scripts.push(absolute(attributes.src));
    else if (type === "module") {
      for (const specifier of staticImports(match[2])) assets.inlineModuleImports.push(absolute(specifier));
    }
  }

  for (const [tag] of markup.matchAll(/<img\b[^>]*>/gi)) {
    const attributes = parseAttributes(tag);
    if (!attributes.src) continue;
    assets.images.push({
      src: absolute(attributes.src),
      loading: (attributes.loading ?? "eager").toLowerCase(),
      fetchpriority: (attributes.fetchpriority ?? "auto").toLowerCase(),
    });
  }

  for (const key of /** @type {const} */ ([
    "stylesheets",
    "scripts",
    "modulePreloads",
    "inlineModuleImports",
  ])) {
    assets[key] = [...new Set(assets[key])];
  }
  return assets;
}

/**
 * Whether a URL is served by the page's own origin (third-party files are outside our budget's control
 * and this machine has no network anyway).
 * @param {string} url
 * @param {string} pageUrl
 */
export function sameOrigin(url, pageUrl) {
  return new URL(url).origin === new URL(pageUrl).origin;
}
