/**
 * A page load's responses, as Chrome reports them (to the bench's own load and to Lighthouse), turned into
 * the figures the bench reports. Pure functions (unit-tested).
 */

/** A script of the framework chunk (vite.config.ts names it). @param {string} url */
export const isFramework = (url) => /\/framework-[\w-]+\.js$/.test(new URL(url).pathname);

/**
 * @typedef {{ url: string, type: string, status: number, mimeType: string, bytes: number }} Transfer
 *   type: Chrome's resource type (Document, Stylesheet, Script, Image, Fetch, Manifest, Other…); bytes: its
 *   transfer size, headers included
 * @typedef {{ bytes: number, requests: number }} Tally
 */

/** @param {Transfer[]} list @returns {Tally} */
const tally = (list) => ({ bytes: list.reduce((sum, t) => sum + t.bytes, 0), requests: list.length });

/**
 * A load's responses as the bench reports them: HTML (the document), CSS, JS (split into the framework
 * chunk, with React, Remix and our shared code, and the page's own), their sum, and images and everything
 * else apart.
 * @param {Transfer[]} transfers
 */
export function tallyTransfers(transfers) {
  const of = (/** @type {string} */ type) => transfers.filter((t) => t.type === type);
  const scripts = of("Script");
  const counted = new Set(["Document", "Stylesheet", "Script", "Image"]);
  const html = tally(of("Document"));
  const css = tally(of("Stylesheet"));
  const js = tally(scripts);
  return {
    html,
    css,
    js: {
      ...js,
      framework: tally(scripts.filter((t) => isFramework(t.url))),
      own: tally(scripts.filter((t) => !isFramework(t.url))),
    },
    total: { bytes: html.bytes + css.bytes + js.bytes, requests: html.requests + css.requests + js.requests },
    images: tally(of("Image")),
    other: tally(transfers.filter((t) => !counted.has(t.type))),
    failed: transfers.filter((t) => t.status >= 400 || t.status === 0).map((t) => `${t.status} ${t.url}`),
  };
}
