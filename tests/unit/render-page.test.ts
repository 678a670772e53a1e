import { createElement, Suspense } from "react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../app/lib/render-page.server";

const options = () => ({ nonce: "n", signal: new AbortController().signal, onError: () => {} });

/** A part of a page whose data never comes: its boundary is still open when the reader leaves. */
function NeverReady(): never {
  throw new Promise(() => {});
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("renderPage", () => {
  it("renders what React's web renderer would, Suspense content in place once it has settled", async () => {
    const page = await renderPage(createElement("p", { className: "a&b" }, "₦1,200 <ok>"), options());
    expect(await readAll(page)).toBe('<p class="a&amp;b">₦1,200 &lt;ok&gt;</p>');
    await page.allReady;
  });

  it("a reader that goes away mid-page: React's last writes go nowhere, quietly, and the next pages are whole", async () => {
    const reported: unknown[] = [];
    const slow = await renderPage(
      createElement(
        "div",
        null,
        "before",
        createElement(Suspense, { fallback: "loading" }, createElement(NeverReady)),
      ),
      { ...options(), onError: (error: unknown) => reported.push(error) },
    );
    const reader = slow.getReader();
    await reader.read();
    // The shopper's connection drops: React aborts the open boundary and writes its last words, which
    // must go nowhere rather than throw into React's shared write buffer.
    await reader.cancel();
    // React reports why the open part was abandoned, and nothing else: a write into the stream the reader
    // left would throw (a TypeError), and in the Workers runtime that left the next request hanging.
    expect(reported.map((error) => (error as Error).message)).toEqual([
      "The destination stream closed early.",
    ]);
    for (let i = 0; i < 3; i++) {
      const next = await renderPage(createElement("p", null, `page ${i}`), options());
      expect(await readAll(next)).toBe(`<p>page ${i}</p>`);
    }
  });
});
