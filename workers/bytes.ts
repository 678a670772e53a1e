/** Byte searches over a whole page, for the Worker's passes over rendered HTML (no decoding to text). */

/** Whether `needle` sits in `bytes` at `at`. */
export function bytesMatchAt(bytes: Uint8Array, needle: Uint8Array, at: number): boolean {
  if (at + needle.length > bytes.length) return false;
  for (let i = 0; i < needle.length; i++) if (bytes[at + i] !== needle[i]) return false;
  return true;
}
