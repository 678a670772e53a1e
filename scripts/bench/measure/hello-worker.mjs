/* global Response, Blob -- the Workers runtime provides them */
/**
 * The throughput baseline: the least a Worker can do per request, in the same local runtime as MediStore.
 * `?bytes=N` answers N bytes of HTML instead (spaces, made once per size): what a page of that size costs the
 * runtime to carry when the Worker does nothing else, the ceiling for an edge-cache hit of that page.
 */
const bodies = new Map();

export default {
  fetch(request) {
    const bytes = Number(new URL(request.url).searchParams.get("bytes"));
    if (!Number.isInteger(bytes) || bytes <= 0 || bytes > 1_000_000)
      return new Response("Hello, world!", { headers: { "Content-Type": "text/plain; charset=utf-8" } });
    if (!bodies.has(bytes)) bodies.set(bytes, new Blob([new Uint8Array(bytes).fill(0x20)]));
    return new Response(bodies.get(bytes), { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
};
