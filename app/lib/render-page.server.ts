/**
 * React's server renderer for a page, as a web ReadableStream.
 *
 * Why React's Node renderer and not its web one (`renderToReadableStream`): React 18's web build encodes
 * every string it writes (each attribute, each text) into a Uint8Array of its own, while its Node build
 * encodes them in place into one shared buffer. On an attribute-heavy page (a grid of product cards, fifty
 * back-office rows) that made the web build's render most of a request's CPU in the Workers runtime; the
 * output is the same bytes. The Node build needs nothing from Node but `util`'s TextEncoder (the build
 * points `util` at the runtime's own, scripts/build/react-node-renderer-plugin.ts), and a destination with
 * `write`, `end`, `destroy` and `on`, which the stream below provides.
 */
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server.node";

export type PageStream = ReadableStream<Uint8Array> & {
  /** Settles once everything, Suspense boundaries included, has been rendered. */
  allReady: Promise<void>;
};

type Options = { nonce: string; signal: AbortSignal; onError: (error: unknown) => void };

/** Answers once the shell has rendered (as `renderToReadableStream` does); rejects if the shell fails. */
export function renderPage(element: ReactNode, { nonce, signal, onError }: Options): Promise<PageStream> {
  return new Promise((resolve, reject) => {
    let markAllReady: () => void = () => {};
    const allReady = new Promise<void>((settle) => (markAllReady = settle));
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    /**
     * Once the reader has gone (a shopper's connection dropped) or the page has ended, writes are dropped.
     * React still writes its last words after an abort; an enqueue into the stream the reader left would
     * throw, and under load in `wrangler dev` that error escaping the response's cancellation left the
     * next request hanging.
     */
    let open = true;
    /** What React listens for on its destination: "close" before the end means the reader went away. */
    const onClose: (() => void)[] = [];
    const destination = {
      write(chunk: Uint8Array) {
        if (open) controller.enqueue(chunk);
        return true;
      },
      end() {
        if (!open) return;
        open = false;
        controller.close();
      },
      destroy(error?: unknown) {
        if (!open) return;
        open = false;
        controller.error(error);
      },
      on(event: string, listener: () => void) {
        if (event === "close") onClose.push(listener);
        return destination;
      },
    };
    let flowing = false;
    // React writes from the first read on, not at once: what settles meanwhile (a lazy component's code,
    // deferred data) is written in place, as the web build does, rather than as a fallback replaced later
    // by a script (which a browser without JavaScript would never run).
    const stream = new ReadableStream<Uint8Array>(
      {
        start(streamController) {
          controller = streamController;
        },
        pull() {
          if (flowing) return;
          flowing = true;
          // The four members above are all React's Node build uses of a Writable.
          pipe(destination as unknown as Parameters<typeof pipe>[0]);
        },
        cancel() {
          open = false;
          onClose.forEach((listener) => listener());
        },
      },
      { highWaterMark: 0 },
    );
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onShellReady() {
        resolve(Object.assign(stream, { allReady }));
      },
      onShellError: reject,
      onAllReady: () => markAllReady(),
      onError,
    });
    if (signal.aborted) abort(signal.reason);
    else signal.addEventListener("abort", () => abort(signal.reason), { once: true });
  });
}
