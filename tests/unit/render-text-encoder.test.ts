import { describe, expect, it } from "vitest";
import { RenderTextEncoder } from "../../app/lib/render-text-encoder.server";

const native = new TextEncoder();
const ours = new RenderTextEncoder();

/** What each encoder writes into a destination of `room` bytes, and what it says it read and wrote. */
function both(source: string, room: number) {
  const run = (encoder: { encodeInto: TextEncoder["encodeInto"] }) => {
    const destination = new Uint8Array(room).fill(0xee);
    const { read, written } = encoder.encodeInto(source, destination);
    return { read, written, bytes: [...destination] };
  };
  return { ours: run(ours), native: run(native) };
}

describe("RenderTextEncoder", () => {
  const samples = [
    "",
    '<div class="grid gap-3">',
    "₦1,200.00",
    "Paracetamol 500 mg — 16 tablets",
    "emoji 💊 in the middle",
    "💊 first",
    "ends with a pair 💊",
    "é",
    "\u007f\u0080 edges",
    "lone surrogate \ud800 here",
  ];

  it("writes the runtime encoder's bytes, read and written, whatever the room", () => {
    for (const source of samples)
      for (const room of [0, 1, 2, 3, 5, 8, 16, 64, 2048]) {
        const { ours: got, native: want } = both(source, room);
        expect(got, `${JSON.stringify(source)} into ${room}`).toEqual(want);
      }
  });

  it("from an offset into a shared buffer, as React writes", () => {
    const buffer = new Uint8Array(32);
    const first = ours.encodeInto("<p>", buffer);
    const second = ours.encodeInto("₦5", buffer.subarray(first.written));
    expect(new TextDecoder().decode(buffer.subarray(0, first.written + second.written))).toBe("<p>₦5");
  });

  it("encode is the runtime's", () => {
    expect([...ours.encode("₦ ok")]).toEqual([...native.encode("₦ ok")]);
  });
});
