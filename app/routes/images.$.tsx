/**
 * Public product images from R2 (keys under products/ only; prescriptions are private and never served
 * here). Keys are unique per upload, so browsers and the edge may keep them for a year.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PRODUCT_IMAGE_PREFIX } from "~/lib/images";

const notFound = () =>
  new Response("Image not found", { status: 404, headers: { "Content-Type": "text/plain" } });

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  // R2 keys stop at 1,024 bytes; ours are far shorter, so anything long is not one of them.
  if (
    key.length > 256 ||
    !key.startsWith(PRODUCT_IMAGE_PREFIX) ||
    !/^[A-Za-z0-9/_.-]+$/.test(key) ||
    key.includes("..")
  ) {
    return notFound();
  }
  // The edge cache of this data centre answers repeat requests without touching R2.
  const edge = typeof caches === "undefined" ? undefined : await caches.open("product-images");
  const cacheKey = new Request(new URL(request.url).toString(), { method: "GET" });
  const cached = request.headers.has("If-None-Match") ? undefined : await edge?.match(cacheKey);
  if (cached) return cached;

  const object = await context.cloudflare.env.IMAGES.get(key, { onlyIf: conditionalHeaders(request) });
  if (!object) return notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  const response = new Response(object.body, { headers });
  if (edge) context.cloudflare.ctx.waitUntil(edge.put(cacheKey, response.clone()));
  return response;
}

/** One entity tag, strong or weak, as RFC 9110 writes it: W/"…" or "…". */
const ENTITY_TAG = /^(W\/)?"[\x21\x23-\x7e]*"$/;

/**
 * The request's If-None-Match and If-Modified-Since, only when well formed: R2 throws on a malformed one,
 * and RFC 9110 has a server ignore a conditional it cannot parse, so a junk header is an ordinary GET.
 */
function conditionalHeaders(request: Request): Headers {
  const headers = new Headers();
  const noneMatch = request.headers.get("If-None-Match")?.trim();
  if (noneMatch && (noneMatch === "*" || noneMatch.split(",").every((tag) => ENTITY_TAG.test(tag.trim()))))
    headers.set("If-None-Match", noneMatch);
  const modifiedSince = request.headers.get("If-Modified-Since")?.trim();
  if (
    modifiedSince &&
    /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(modifiedSince) &&
    !Number.isNaN(Date.parse(modifiedSince))
  )
    headers.set("If-Modified-Since", modifiedSince);
  return headers;
}
