/**
 * The TextEncoder React's server renderer gets (scripts/build/react-node-renderer-plugin.ts).
 *
 * React encodes each string it writes (a tag, an attribute, a class list, a text) with one `encodeInto`
 * call: thousands of short strings a page. In the Workers runtime each call into the native encoder costs
 * far more than copying a short ASCII string, which is what nearly all of a page is; so ASCII is copied
 * here and only what follows the first other character goes to the runtime's encoder. Same bytes, same
 * `read`/`written` as the native encoder.
 */
const native = new TextEncoder();

export class RenderTextEncoder {
  readonly encoding = "utf-8";

  encode(input = ""): Uint8Array {
    return native.encode(input);
  }

  encodeInto(source: string, destination: Uint8Array): { read: number; written: number } {
    const length = source.length;
    const room = destination.length;
    const end = length < room ? length : room;
    let index = 0;
    for (; index < end; index++) {
      const code = source.charCodeAt(index);
      if (code > 0x7f) break;
      destination[index] = code;
    }
    // All of it copied, or the destination is full.
    if (index === length || index === room) return { read: index, written: index };
    const rest = native.encodeInto(
      index === 0 ? source : source.slice(index),
      index === 0 ? destination : destination.subarray(index),
    );
    return { read: index + rest.read, written: index + rest.written };
  }
}
