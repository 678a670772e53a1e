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

  const object = await context.cloudflare.env.IMAGES.get(key, { onlyIf: request.headers });
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
