/**
 * Prescription photos keep only their pixels: every upload is re-encoded through the Images binding, so a
 * photo's EXIF block (with its GPS position) and anything hidden in the file (an HTML page in a PNG text
 * chunk or after a JPEG's end) is neither stored nor served; what is served cannot run as a page. The test
 * images are built here, byte by byte, around a tiny valid JPEG and PNG.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bearer, Client, html, imageForm, PNG_BYTES, signUp, type TestUser } from "./helpers";

const encoder = new TextEncoder();
const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
/** Whether `needle` occurs in `haystack`, byte for byte. */
function contains(haystack: Uint8Array, needle: string | Uint8Array) {
  const n = typeof needle === "string" ? encoder.encode(needle) : needle;
  outer: for (let i = 0; i + n.length <= haystack.length; i++) {
    for (let j = 0; j < n.length; j++) if (haystack[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
}

/** A valid 16×8 baseline JPEG without any metadata (SOI, then the tables). */
const PLAIN_JPEG = bytesOf(
  "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCAAHlhf//Z",
);
const HOME_DESCRIPTION = "Home of Ngozi, 12 Allen Avenue";

/**
 * An APP1 Exif segment (big-endian TIFF): IFD0 with an ImageDescription and a pointer to a GPS IFD holding
 * latitude 6°35'N and longitude 3°21'E (Ikeja), as a phone camera writes them.
 */
function exifSegment(): Uint8Array {
  const description = [...encoder.encode(HOME_DESCRIPTION), 0];
  // Offsets are from the TIFF header. IFD0 at 8: 2 entries (2 + 2×12 + 4 = 30 bytes), so the GPS IFD is at
  // 38: 4 entries (2 + 4×12 + 4 = 54 bytes), then its rationals at 92 and 116, then the description at 140.
  const gpsIfd = 38;
  const latitude = 92;
  const longitude = latitude + 24;
  const descriptionAt = longitude + 24;
  const entry = (tag: number, type: number, count: number, value: number[]) => [
    ...u16(tag),
    ...u16(type),
    ...u32(count),
    ...value,
  ];
  const ASCII = 2;
  const LONG = 4;
  const RATIONAL = 5;
  const rationals = (values: [number, number][]) => values.flatMap(([n, d]) => [...u32(n), ...u32(d)]);
  const tiff = [
    ...encoder.encode("MM"),
    ...u16(42),
    ...u32(8),
    // IFD0
    ...u16(2),
    ...entry(0x010e, ASCII, description.length, u32(descriptionAt)),
    ...entry(0x8825, LONG, 1, u32(gpsIfd)),
    ...u32(0),
    // GPS IFD
    ...u16(4),
    ...entry(0x0001, ASCII, 2, [0x4e, 0, 0, 0]), // "N"
    ...entry(0x0002, RATIONAL, 3, u32(latitude)),
    ...entry(0x0003, ASCII, 2, [0x45, 0, 0, 0]), // "E"
    ...entry(0x0004, RATIONAL, 3, u32(longitude)),
    ...u32(0),
    ...rationals([
      [6, 1],
      [35, 1],
      [1234, 100],
    ]),
    ...rationals([
      [3, 1],
      [21, 1],
      [5678, 100],
    ]),
    ...description,
  ];
  if (tiff.length !== descriptionAt + description.length) throw new Error("the Exif offsets are off");
  const payload = [...encoder.encode("Exif\0\0"), ...tiff];
  return Uint8Array.from([0xff, 0xe1, ...u16(payload.length + 2), ...payload]);
}

/** The plain JPEG with the Exif segment right after SOI, and an HTML page after its end (a polyglot). */
const HTML_PAYLOAD = "<html><body><script>alert(document.cookie)</script></body></html>";
const JPEG_WITH_GPS = concat(PLAIN_JPEG.subarray(0, 2), exifSegment(), PLAIN_JPEG.subarray(2));
const JPEG_POLYGLOT = concat(JPEG_WITH_GPS, encoder.encode(HTML_PAYLOAD));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Uint8Array) {
  const body = concat(encoder.encode(type), data);
  return concat(Uint8Array.from(u32(data.length)), body, Uint8Array.from(u32(crc32(body))));
}
/** The tiny PNG with a tEXt chunk (keyword "Comment") carrying the HTML page, right after IHDR. */
const PNG_WITH_HTML = concat(
  PNG_BYTES.subarray(0, 33),
  pngChunk("tEXt", encoder.encode(`Comment\0${HTML_PAYLOAD}`)),
  PNG_BYTES.subarray(33),
);

/** A grey PNG of width × height, compressed in the Worker (IDAT is a zlib stream). */
async function largePng(width: number, height: number) {
  const raw = new Uint8Array((width + 1) * height).fill(0x80);
  for (let row = 0; row < height; row++) raw[row * (width + 1)] = 0; // filter: none
  const idat = new Uint8Array(
    await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
  const ihdr = Uint8Array.from([...u32(width), ...u32(height), 8, 0, 0, 0, 0]); // 8-bit greyscale
  return concat(
    PNG_BYTES.subarray(0, 8),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", idat),
    pngChunk("IEND", new Uint8Array()),
  );
}

const imageInfo = (bytes: Uint8Array) =>
  env.IMAGE_TRANSFORMS.info(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream());

const FORM = { consent: "yes", intent: "upload-prescription" };

/** Uploads from the dashboard form; answers the new row. */
async function uploadOnDashboard(user: TestUser, bytes: Uint8Array, filename: string) {
  const before = new Set((await storedFor(user)).map((r) => r.id));
  const res = await user.client.postMultipart("/dashboard", imageForm(bytes, filename, FORM));
  expect(res.status).toBe(302);
  const added = (await storedFor(user)).filter((r) => !before.has(r.id));
  expect(added).toHaveLength(1);
  return added[0];
}

async function uploadByApi(user: TestUser, bytes: Uint8Array, filename: string) {
  return new Client().fetch(`/api/prescriptions/upload?email=${encodeURIComponent(user.email)}`, {
    method: "POST",
    body: imageForm(bytes, filename),
    headers: bearer(user),
  });
}

async function storedFor(user: TestUser) {
  const rows = await env.DB.prepare(
    "SELECT id, image_key, content_type, size_bytes FROM prescriptions WHERE user_id = ?",
  )
    .bind(user.id)
    .all<{ id: string; image_key: string; content_type: string; size_bytes: number }>();
  return rows.results;
}

/** Nothing in the answer may run or load anything, even opened as a page: a sandboxing CSP and nosniff. */
function expectLockedDown(res: Response) {
  const csp = (res.headers.get("Content-Security-Policy") ?? "").split(";").map((d) => d.trim());
  expect(csp).toEqual(expect.arrayContaining(["default-src 'none'", "sandbox"]));
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
}

/** What the owner is served, after checking the headers every prescription image carries. */
async function served(user: TestUser, id: string) {
  const res = await user.client.get(`/prescriptions/${id}/image`);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("image/webp");
  expectLockedDown(res);
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  return new Uint8Array(await res.arrayBuffer());
}

describe("prescription uploads keep only the pixels", () => {
  it("the test images carry what they should: an Exif block with GPS, and an HTML page", async () => {
    expect(contains(JPEG_WITH_GPS, "Exif\0\0")).toBe(true);
    expect(contains(JPEG_POLYGLOT, HTML_PAYLOAD)).toBe(true);
    expect(contains(PNG_WITH_HTML, HTML_PAYLOAD)).toBe(true);
    // Still images the binding reads, with their real sizes.
    expect(await imageInfo(JPEG_POLYGLOT)).toMatchObject({ format: "image/jpeg", width: 16, height: 8 });
    expect(await imageInfo(PNG_WITH_HTML)).toMatchObject({ format: "image/png", width: 1, height: 1 });
  });

  it("strips a photo's Exif block and GPS position, and the HTML page after the JPEG", async () => {
    const user = await signUp("Rx Gps");
    const row = await uploadOnDashboard(user, JPEG_POLYGLOT, "IMG_2041.jpg");
    expect(row).toMatchObject({ content_type: "image/webp" });
    expect(row.image_key).toMatch(new RegExp(`^prescriptions/${user.id}/[0-9a-f-]{36}\\.webp$`));

    const bytes = await served(user, row.id);
    expect(row.size_bytes).toBe(bytes.length);
    for (const marker of ["Exif", "MM\0*", HOME_DESCRIPTION, "<script", "<html"]) {
      expect(contains(bytes, marker), marker).toBe(false);
    }
    // A WebP with no metadata chunks at all, and the same pixels' size.
    expect(new TextDecoder().decode(bytes.subarray(8, 12))).toBe("WEBP");
    for (const chunk of ["EXIF", "XMP ", "ICCP"]) expect(contains(bytes, chunk), chunk).toBe(false);
    expect(await imageInfo(bytes)).toMatchObject({ format: "image/webp", width: 16, height: 8 });

    // What is in R2 is what is served: the original is not kept anywhere.
    const stored = await env.IMAGES.get(row.image_key);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(bytes);
    expect(stored!.httpMetadata?.contentType).toBe("image/webp");
    const all = await env.IMAGES.list({ prefix: `prescriptions/${user.id}/` });
    expect(all.objects.map((o) => o.key)).toEqual([row.image_key]);
  });

  it("drops a PNG's text chunk carrying an HTML page (through the API too)", async () => {
    const user = await signUp("Rx Png");
    const res = await uploadByApi(user, PNG_WITH_HTML, "rx.png");
    expect(res.status).toBe(201);
    const [row] = await storedFor(user);
    const bytes = await served(user, row.id);
    expect(contains(bytes, "tEXt")).toBe(false);
    expect(contains(bytes, "<script")).toBe(false);
    expect(contains(bytes, "Comment")).toBe(false);
    // A 1×1 image is not enlarged.
    expect(await imageInfo(bytes)).toMatchObject({ format: "image/webp", width: 1, height: 1 });
  });

  it("scales a large photo down to 2000 pixels on its longer side, keeping its shape", async () => {
    const user = await signUp("Rx Large");
    const wide = await uploadOnDashboard(user, await largePng(3000, 1200), "wide.png");
    expect(await imageInfo(await served(user, wide.id))).toMatchObject({ width: 2000, height: 800 });
    const tall = await uploadOnDashboard(user, await largePng(900, 2400), "tall.png");
    expect(await imageInfo(await served(user, tall.id))).toMatchObject({ width: 750, height: 2000 });
  });

  it("refuses a file that starts like a JPEG but is not an image, with a clear 400, and stores nothing", async () => {
    const user = await signUp("Rx Fake");
    const fake = concat(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]), encoder.encode(HTML_PAYLOAD));
    const page = await user.client.postMultipart("/dashboard", imageForm(fake, "rx.jpg", FORM));
    expect(page.status).toBe(400);
    expect(await html(page)).toContain(
      "Upload failed: We could not read that image. Please try another photo.",
    );
    const api = await uploadByApi(user, fake, "rx.jpg");
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ message: "We could not read that image. Please try another photo." });
    expect(await storedFor(user)).toEqual([]);
    expect((await env.IMAGES.list({ prefix: `prescriptions/${user.id}/` })).objects).toEqual([]);
  });

  it("serves refusals with the same headers: nothing on that path can run", async () => {
    const owner = await signUp("Rx Owner Headers");
    const other = await signUp("Rx Other Headers");
    const row = await uploadOnDashboard(owner, PLAIN_JPEG, "rx.jpg");
    const path = `/prescriptions/${row.id}/image`;
    for (const [client, status] of [
      [other.client, 404],
      [new Client(), 401],
    ] as const) {
      const res = await client.get(path);
      expect(res.status).toBe(status);
      expectLockedDown(res);
    }
  });
});
