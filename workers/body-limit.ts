/**
 * Every request body is held to its limit before anything reads it (an isolate has 128 MB; a form parser
 * given 90 MB takes seconds and several times that). The limit is the route policy's
 * (lib/route-policy.ts): an upload route's multipart form may hold one image and its fields, every other
 * body (forms, JSON, a multipart form where no image belongs) is small. A declared length over the limit is
 * refused at once; a body sent without one (chunked) is read here, up to the limit, and refused as soon as it
 * grows past it, so the route gets it as bytes of a known length.
 */
import {
  BODY_MAX_BYTES,
  MAX_IMAGE_BYTES,
  PHOTO_FORM_MAX_BYTES,
  UPLOAD_BODY_MAX_BYTES,
} from "../app/lib/limits";
import { matchPath } from "../app/lib/route-policy";

export type TooLarge = { tooLarge: string };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

export const UPLOAD_TOO_LARGE = `That upload is too large. Please choose an image under ${megabytes(MAX_IMAGE_BYTES)}.`;
export const BODY_TOO_LARGE = `That is more than this page can take (at most ${kilobytes(BODY_MAX_BYTES)}). Please shorten what you sent and try again.`;

/** The limit of a body sent to `pathname` (multipart or not), and what a refusal says. */
export function bodyLimitOf(pathname: string, multipart: boolean): { bytes: number; message: string } {
  const { area } = matchPath(pathname);
  if (!area.uploads || !multipart) return { bytes: BODY_MAX_BYTES, message: BODY_TOO_LARGE };
  return { bytes: area.photoForm ? PHOTO_FORM_MAX_BYTES : UPLOAD_BODY_MAX_BYTES, message: UPLOAD_TOO_LARGE };
}

function limitOf(request: Request, url: URL) {
  const multipart = (request.headers.get("Content-Type") ?? "")
    .trimStart()
    .toLowerCase()
    .startsWith("multipart/form-data");
  return bodyLimitOf(url.pathname, multipart);
}

/**
 * The request to go on with (the same one, or for a body without a declared length the same request with
 * the body read into memory), or what to refuse it with.
 */
export async function withinBodyLimit(request: Request, url: URL): Promise<Request | TooLarge> {
  if (request.body === null) return request;
  const limit = limitOf(request, url);
  const declared = request.headers.get("Content-Length")?.trim();
  if (declared && /^\d+$/.test(declared)) {
    // The runtime delivers exactly the declared length, so a body within it needs no counting.
    return Number(declared) > limit.bytes ? { tooLarge: limit.message } : request;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit.bytes) {
      await reader.cancel().catch(() => undefined);
      return { tooLarge: limit.message };
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return new Request(request, { body });
}
