/**
 * Puts a page's JavaScript to sleep until the first paint: Remix's modulepreload links and module script get
 * a rel and a type the browser ignores, and an inline script (app/lib/inline-scripts.server.ts) wakes them
 * once the page has painted. Only attributes change, so the document React hydrates is the one it rendered
 * (app/lib/scripts-after-paint.ts).
 *
 * A search over the page's bytes: React writes these tags in one fixed form, and page text can hold no
 * `<link` or `<script` of its own (React escapes `<`). Measured in the Workers runtime: decoding the page to
 * text and replacing in it cost about 2 ms of CPU a page, a stream through HTMLRewriter or a TransformStream
 * more than that (the stream's own machinery), this a fraction of a millisecond.
 */
import { WAITING_PRELOAD_REL, WAITING_SCRIPT_TYPE } from "../app/lib/scripts-after-paint";
import { bytesMatchAt } from "./bytes";

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text);

const LT = "<".charCodeAt(0);
const GT = ">".charCodeAt(0);
const SPACE = " ".charCodeAt(0);
const PRELOAD = bytesOf('<link rel="modulepreload"');
const WAITING_PRELOAD = bytesOf(`<link rel="${WAITING_PRELOAD_REL}"`);
const SCRIPT_OPEN = bytesOf("<script");
const MODULE_TYPE = bytesOf(' type="module"');
const WAITING_TYPE = bytesOf(` type="${WAITING_SCRIPT_TYPE}"`);

/** A `<script` tag's opening: `<script` then a space or `>`, not `<scripts…`. */
function isScriptTag(bytes: Uint8Array, at: number): boolean {
  const next = bytes[at + SCRIPT_OPEN.length];
  return bytesMatchAt(bytes, SCRIPT_OPEN, at) && (next === SPACE || next === GT);
}

/** The page's bytes between the renamed parts, and the renamed parts, in order. */
function renamedPieces(bytes: Uint8Array): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let copiedTo = 0;
  for (let at = bytes.indexOf(LT); at >= 0; at = bytes.indexOf(LT, at + 1)) {
    if (bytesMatchAt(bytes, PRELOAD, at)) {
      pieces.push(bytes.subarray(copiedTo, at), WAITING_PRELOAD);
      copiedTo = at + PRELOAD.length;
    } else if (isScriptTag(bytes, at)) {
      const end = bytes.indexOf(GT, at);
      for (let i = at + SCRIPT_OPEN.length; i < end; i++) {
        if (bytes[i] === MODULE_TYPE[0] && bytesMatchAt(bytes, MODULE_TYPE, i)) {
          pieces.push(bytes.subarray(copiedTo, i), WAITING_TYPE);
          copiedTo = i + MODULE_TYPE.length;
          break;
        }
      }
    }
  }
  pieces.push(bytes.subarray(copiedTo));
  return pieces;
}

/** The page's bytes with its scripts renamed (the runtime joins the pieces in one copy). */
export function scriptsAfterPaint(page: Uint8Array): Blob {
  return new Blob(renamedPieces(page) as BlobPart[]);
}

/** The page with its scripts asleep; any other response as it is. */
export async function withScriptsAfterPaint(response: Response): Promise<Response> {
  if (!response.headers.get("Content-Type")?.startsWith("text/html") || !response.body) return response;
  return new Response(scriptsAfterPaint(new Uint8Array(await response.arrayBuffer())), response);
}
