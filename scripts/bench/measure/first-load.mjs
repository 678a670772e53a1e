/**
 * Bytes of the first load of a page: the HTML, every stylesheet and every script it makes the browser
 * fetch, gzip-compressed here at level 6 (what a CDN typically serves) because the local server's own
 * compression, if any, is not what production sends. Images are counted apart, uncompressed (WebP is
 * compressed already). Scripts are split into the framework (React, React DOM, Remix: the chunk named
 * "framework", see vite.config.ts) and our own code.
 */
import { gzipSync } from "node:zlib";
import { get } from "../servers.mjs";
import { cssImports, extractPageAssets, sameOrigin, staticImports } from "./html-assets.mjs";

/**
 * @typedef {{ url: string, raw: number, gzip: number, contentType: string, status: number }} Asset
 */

/** A script of the framework chunk (vite.config.ts names it). @param {string} url */
export const isFramework = (url) => /\/framework-[\w-]+\.js$/.test(new URL(url).pathname);

/**
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<Asset & { text: string }>}
 */
async function fetchAsset(url, headers) {
  const { status, contentType, body } = await get(url, headers);
  return {
    url,
    status,
    contentType,
    raw: body.length,
    gzip: gzipSync(body, { level: 6 }).length,
    text: body.toString("utf8"),
  };
}

/**
 * Fetches the entries and, level by level, the files they import, the way the browser loads them; each URL
 * once, same-origin only.
 * @param {string[]} entries
 * @param {string} pageUrl
 * @param {(text: string) => string[]} imports the import specifiers of one file
 */
async function crawl(entries, pageUrl, imports) {
  /** @type {Map<string, Asset>} */
  const seen = new Map();
  let level = [...new Set(entries)].filter((url) => sameOrigin(url, pageUrl));
  while (level.length > 0) {
    const next = new Set();
    for (const { text, ...asset } of await Promise.all(level.map((url) => fetchAsset(url)))) {
      seen.set(asset.url, asset);
      if (asset.status !== 200) continue;
      for (const specifier of imports(text)) next.add(new URL(specifier, asset.url).href);
    }
    level = [...next].filter((url) => sameOrigin(url, pageUrl) && !seen.has(url));
  }
  return [...seen.values()];
}

/**
 * Static imports only: anything reachable only through a dynamic import() loads later and is not counted.
 * A bare name cannot load in a browser.
 * @param {string} source
 */
const scriptImports = (source) =>
  staticImports(source).filter((specifier) => /^[./]/.test(specifier) || /^https?:/.test(specifier));

/**
 * @param {string} pageUrl
 * @param {{ headers?: Record<string, string> }} [options] request headers of the page (e.g. Save-Data)
 */
export async function measureFirstLoad(pageUrl, { headers } = {}) {
  const { text, ...page } = await fetchAsset(pageUrl, headers);
  if (page.status !== 200) throw new Error(`GET ${pageUrl} answered ${page.status}`);
  const assets = extractPageAssets(text, pageUrl);

  const scripts = await crawl(
    [...assets.scripts, ...assets.modulePreloads, ...assets.inlineModuleImports],
    pageUrl,
    scriptImports,
  );
  const stylesheets = await crawl(assets.stylesheets, pageUrl, cssImports);

  const imageUrls = [...new Set(assets.images.map((image) => image.src))].filter((url) =>
    sameOrigin(url, pageUrl),
  );
  const images = await Promise.all(
    imageUrls.map(async (url) => {
      const { status, contentType, body } = await get(url, headers);
      return { url, status, contentType, bytes: body.length };
    }),
  );
  const eagerUrls = new Set(
    assets.images.filter((image) => image.loading !== "lazy").map((image) => image.src),
  );
  const eagerImages = images.filter((image) => eagerUrls.has(image.url));
  const okImages = images.filter((image) => image.status === 200);

  const sum = (/** @type {{ gzip: number }[]} */ list) => list.reduce((total, item) => total + item.gzip, 0);
  return {
    html: page,
    css: { gzip: sum(stylesheets), files: stylesheets },
    js: {
      gzip: sum(scripts),
      files: scripts,
      frameworkGzip: sum(scripts.filter((s) => isFramework(s.url))),
      ownGzip: sum(scripts.filter((s) => !isFramework(s.url))),
    },
    totalGzip: page.gzip + sum(stylesheets) + sum(scripts),
    failed: [...scripts, ...stylesheets]
      .filter((asset) => asset.status !== 200)
      .map((asset) => `${asset.status} ${asset.url}`),
    images: {
      imgTags: assets.images.length,
      distinct: images,
      eager: {
        count: eagerImages.length,
        bytes: eagerImages.reduce((total, image) => total + image.bytes, 0),
      },
      averageBytes: okImages.length
        ? okImages.reduce((total, image) => total + image.bytes, 0) / okImages.length
        : Number.NaN,
      maxBytes: okImages.length ? Math.max(...okImages.map((image) => image.bytes)) : Number.NaN,
      webp: okImages.filter((image) => image.contentType.includes("webp")).length,
    },
  };
}
