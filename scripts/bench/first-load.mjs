/**
 * Bytes of the first load of a page: the HTML, every stylesheet and every script it makes the browser
 * fetch, gzip-compressed here at level 6 (what a CDN typically serves) because the local server's own
 * compression, if any, is not what production sends. Images are counted apart, uncompressed (WebP is
 * compressed already).
 */
import { gzipSync } from "node:zlib";
import { cssImports, extractPageAssets, sameOrigin, staticImports } from "./html-assets.mjs";

// A Node global missing from the globals the project's ESLint config declares for scripts.
const { AbortSignal } = globalThis;

/**
 * @typedef {{ url: string, raw: number, gzip: number, contentType: string, status: number }} Asset
 */

/** @param {string} url */
async function download(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", body };
}

/**
 * @param {string} url
 * @returns {Promise<Asset & { text: string }>}
 */
async function measure(url) {
  const { status, contentType, body } = await download(url);
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
 * Follows static imports from the page's scripts, the way the browser's module loader does; anything
 * reachable only through a dynamic import() loads later and is not counted.
 * @param {string[]} entries
 * @param {string} pageUrl
 */
async function crawlScripts(entries, pageUrl) {
  /** @type {Map<string, Asset>} */
  const seen = new Map();
  let queue = entries.filter((url) => sameOrigin(url, pageUrl));
  while (queue.length > 0) {
    const batch = queue.filter((url) => !seen.has(url));
    queue = [];
    const measured = await Promise.all(batch.map((url) => measure(url)));
    for (const { text, ...asset } of measured) {
      seen.set(asset.url, asset);
      if (asset.status !== 200) continue;
      for (const specifier of staticImports(text)) {
        if (!/^[./]/.test(specifier) && !/^https?:/.test(specifier)) continue; // a bare name cannot load in a browser
        const next = new URL(specifier, asset.url).href;
        if (sameOrigin(next, pageUrl) && !seen.has(next)) queue.push(next);
      }
    }
  }
  return [...seen.values()];
}

/**
 * @param {string[]} entries
 * @param {string} pageUrl
 */
async function crawlStylesheets(entries, pageUrl) {
  /** @type {Map<string, Asset>} */
  const seen = new Map();
  let queue = entries.filter((url) => sameOrigin(url, pageUrl));
  while (queue.length > 0) {
    const url = /** @type {string} */ (queue.shift());
    if (seen.has(url)) continue;
    const { text, ...asset } = await measure(url);
    seen.set(url, asset);
    if (asset.status === 200)
      queue = queue.concat(
        cssImports(text)
          .map((href) => new URL(href, url).href)
          .filter((u) => sameOrigin(u, pageUrl)),
      );
  }
  return [...seen.values()];
}

/**
 * @param {string} pageUrl
 */
export async function measureFirstLoad(pageUrl) {
  const page = await measure(pageUrl);
  if (page.status !== 200) throw new Error(`GET ${pageUrl} answered ${page.status}`);
  const assets = extractPageAssets(page.text, pageUrl);

  const scripts = await crawlScripts(
    [...assets.scripts, ...assets.modulePreloads, ...assets.inlineModuleImports],
    pageUrl,
  );
  const stylesheets = await crawlStylesheets(assets.stylesheets, pageUrl);

  const imageUrls = [...new Set(assets.images.map((image) => image.src))].filter((url) =>
    sameOrigin(url, pageUrl),
  );
  const images = await Promise.all(
    imageUrls.map(async (url) => {
      const { status, contentType, body } = await download(url);
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
    html: {
      url: page.url,
      status: page.status,
      contentType: page.contentType,
      raw: page.raw,
      gzip: page.gzip,
    },
    css: { gzip: sum(stylesheets), files: stylesheets },
    js: { gzip: sum(scripts), files: scripts },
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
