/**
 * A phone camera photo made small enough to send: at most MAX_PHOTO_SIDE pixels on its longer side and
 * under the upload limit, as JPEG. Fetched only by the forms that take a photo, once one is chosen
 * (photo-input.ts), so no catalogue page pays for it. A photo the browser cannot decode is left as it is:
 * the server then says what is wrong with it.
 */
import { MAX_IMAGE_BYTES } from "~/lib/limits";

export const MAX_PHOTO_SIDE = 2000;

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

export async function shrinkPhoto(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    let side = Math.min(MAX_PHOTO_SIDE, Math.max(bitmap.width, bitmap.height));
    if (side === Math.max(bitmap.width, bitmap.height) && file.size <= MAX_IMAGE_BYTES) return file;
    const canvas = document.createElement("canvas");
    // Smaller and plainer until it fits; a 2000 px JPEG is well under the limit, so this rarely loops.
    for (let quality = 0.85; ; quality -= 0.15) {
      const scale = side / Math.max(bitmap.width, bitmap.height);
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext("2d");
      if (!context) return file;
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await encode(canvas, Math.max(quality, 0.5));
      if (!blob) return file;
      if (blob.size <= MAX_IMAGE_BYTES || side < 400) {
        const name = `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`;
        return new File([blob], name, { type: "image/jpeg", lastModified: Date.now() });
      }
      if (quality <= 0.55) side = Math.round(side * 0.75);
    }
  } finally {
    bitmap.close();
  }
}

/** Replaces the photo chosen in `input` by its shrunk copy, which the form then sends; answers the file. */
export async function shrinkChosenPhoto(input: HTMLInputElement): Promise<File | null> {
  const chosen = input.files?.[0];
  if (!chosen) return null;
  const small = await shrinkPhoto(chosen);
  // The shopper may have picked another photo meanwhile: that one gets its own turn.
  if (small !== chosen && input.files?.[0] === chosen) {
    const transfer = new DataTransfer();
    transfer.items.add(small);
    input.files = transfer.files;
  }
  return input.files?.[0] ?? null;
}
