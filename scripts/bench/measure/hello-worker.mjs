/* global Response -- the Workers runtime provides it */
/** The throughput baseline: the least a Worker can do per request, in the same local runtime as MediStore. */
export default {
  fetch() {
    return new Response("Hello, world!", { headers: { "Content-Type": "text/plain; charset=utf-8" } });
  },
};
