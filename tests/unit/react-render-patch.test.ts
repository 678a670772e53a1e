import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { createElement, Suspense, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

/**
 * React's Node renderer as the Worker's build runs it: the production file, which
 * patches/react-dom+18.3.1.patch changes (chunks joined as text, encoded once per 8 kB and per flush).
 * Its output is compared with React's web renderer, which the patch leaves as it is.
 */
const require = createRequire(import.meta.url);
const reactDom = path.dirname(require.resolve("react-dom"));
const nodeRendererPath = path.join(reactDom, "cjs/react-dom-server.node.production.min.js");
const nodeRenderer = require(nodeRendererPath) as typeof import("react-dom/server.node");
const webRenderer = require(
  path.join(reactDom, "cjs/react-dom-server.browser.production.min.js"),
) as typeof import("react-dom/server");

/** Every byte the Node renderer writes, and how many writes carried them. */
function renderWithNode(element: ReactNode): Promise<{ bytes: Buffer; writes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve({ bytes: Buffer.concat(chunks), writes: chunks.length });
        done();
      },
    });
    const { pipe } = nodeRenderer.renderToPipeableStream(element, {
      nonce: "abc",
      onAllReady: () => pipe(destination),
      onShellError: reject,
    });
  });
}

async function renderWithWeb(element: ReactNode): Promise<Buffer> {
  const stream = await webRenderer.renderToReadableStream(element, { nonce: "abc" });
  await stream.allReady;
  return Buffer.from(await new Response(stream).arrayBuffer());
}

/** A part of the page whose data comes a moment later: written after the shell, in its own flush. */
function later(content: ReactNode) {
  let ready = false;
  const settled = new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => (ready = true));
  function Later() {
    if (!ready) throw settled;
    return createElement("section", { "data-late": "yes" }, content);
  }
  return createElement(Suspense, { fallback: createElement("p", null, "loading…") }, createElement(Later));
}

const rows = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    createElement(
      "li",
      { key: i, className: "order-row", "data-id": `order-${i}`, title: `Row "${i}" & more` },
      createElement("span", null, `₦${(i * 1250).toLocaleString("en")}.00 · Ọlá 💊 ×${i}`),
      createElement("input", { type: "hidden", name: "orderId", value: `MS-${i}` }),
    ),
  );

describe("the React render patch (patches/react-dom+18.3.1.patch)", () => {
  it("is applied to the renderer the Worker's build takes", () => {
    expect(readFileSync(nodeRendererPath, "utf8")).toContain("MediStore patch");
  });

  // Unpatched, React 18.3.1's Node renderer wrote stray bytes (a NUL, a broken character) wherever a
  // multi-byte character such as ₦ met the end of its 2 kB buffer: the rows below showed "Ọl\u0000á".
  it("writes the bytes React's web renderer writes: multi-byte text across chunk ends, long and short chunks", async () => {
    const pages: [string, ReactNode][] = [
      ["an empty fragment", createElement("div", null)],
      ["one short tag", createElement("p", { className: "a&b" }, "₦1,200 <ok>")],
      ["a text longer than one encoded chunk", createElement("pre", null, "ab₦".repeat(9000))],
      ["hundreds of attribute-heavy rows", createElement("ul", null, rows(400))],
      [
        "a lone surrogate, an emoji split by nothing",
        createElement("p", { "aria-label": "\ud800 lone" }, "💊\ud83d"),
      ],
      [
        "a part written after the shell",
        createElement("main", null, rows(3), later(createElement("ul", null, rows(50)))),
      ],
    ];
    for (const [name, page] of pages) {
      const [fromNode, fromWeb] = await Promise.all([renderWithNode(page), renderWithWeb(page)]);
      expect(fromNode.bytes.toString("utf8"), name).toBe(fromWeb.toString("utf8"));
      expect(fromNode.bytes.equals(fromWeb), name).toBe(true);
    }
  });

  it("hands a large page over in a few large writes, not thousands of small ones", async () => {
    const { bytes, writes } = await renderWithNode(createElement("ul", null, rows(400)));
    expect(bytes.length).toBeGreaterThan(60_000);
    expect(writes).toBeLessThan(bytes.length / 4_000);
  });
});
