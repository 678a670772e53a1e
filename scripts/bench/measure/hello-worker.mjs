/* global Response, Blob -- the Workers runtime provides them */
/**
 * The throughput baseline: the least a Worker can do per request, in the same local runtime as MediStore.
 * `?bytes=N` answers N bytes of HTML instead (spaces, made once per size): what a page of that size costs the
 * runtime to carry when the Worker does nothing else, the ceiling for an edge-cache hit of that page.
 * `&page=I` answers them with the headers of the I-th guest page measured (env.PAGE_HEADERS, a JSON list of
 * header lists, given by the bench): the same response as that page's hit, made with no work at all.
 */
const bodies = new Map();
/** @type {{ from: string, lists: [string, string][][] } | null} */
let pageHeaders = null;

/** @param {string | undefined} json @returns {[string, string][][]} */
function headerLists(json) {
  if (!json) return [];
  if (pageHeaders?.from !== json) pageHeaders = { from: json, lists: JSON.parse(json) };
  return pageHeaders.lists;
}

export default {
  fetch(request, env) {
    const params = new URL(request.url).searchParams;
    const bytes = Number(params.get("bytes"));
    if (!Number.isInteger(bytes) || bytes <= 0 || bytes > 1_000_000)
      return new Response("Hello, world!", { headers: { "Content-Type": "text/plain; charset=utf-8" } });
    if (!bodies.has(bytes)) bodies.set(bytes, new Blob([new Uint8Array(bytes).fill(0x20)]));
    const headers = params.has("page")
      ? headerLists(env.PAGE_HEADERS)[Number(params.get("page"))]
      : undefined;
    return new Response(bodies.get(bytes), {
      headers: headers ?? { "Content-Type": "text/html; charset=utf-8" },
    });
  },
};
