/**
 * Reading an uploaded image from a multipart form: size-limited before and after parsing, type checked by
 * content; then re-encoding it through the Cloudflare Images binding (`IMAGE_TRANSFORMS`, emulated with
 * sharp by wrangler locally), so that only its pixels are ever stored. Shared by prescription uploads and
 * (admin) product images.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "~/lib/app-error";
import { IMAGE_EXTENSION, sniffImageType, type AcceptedImageType } from "~/lib/image-type";
import { MAX_IMAGE_BYTES, PHOTO_FORM_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from "~/lib/limits";

export { MAX_IMAGE_BYTES };

export const IMAGE_TOO_LARGE = "The image is too large. Please choose one under 5 MB.";
export const IMAGE_WRONG_TYPE = "Please choose a JPEG, PNG or WebP image.";
export const IMAGE_MISSING = "Please choose an image file.";
export const IMAGE_UNREADABLE = "We could not read that image. Please try another photo.";

/** Refuses an oversized body before reading it (the declared length is checked; the real one again below). */
export async function readMultipart(request: Request, maxBytes = UPLOAD_BODY_MAX_BYTES): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data"))
    throw new AppError(415, "Send the image as multipart/form-data.");
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw new AppError(413, IMAGE_TOO_LARGE);
  try {
    return await request.formData();
  } catch {
    throw new AppError(400, "We could not read the upload. Please try again.");
  }
}

/**
 * A form that may carry a photo beside typed fields (the checkout's prescription): multipart ones are read
 * up to PHOTO_FORM_MAX_BYTES, so that a photo over the limit is refused with the fields kept.
 */
export async function readFormWithImage(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("multipart/form-data")) return readMultipart(request, PHOTO_FORM_MAX_BYTES);
  try {
    return await request.formData();
  } catch {
    throw new AppError(400, "We could not read that form. Please try again.");
  }
}

export type CheckedImage = { bytes: Uint8Array; contentType: AcceptedImageType; extension: string };

export async function readImageField(form: FormData, field = "image"): Promise<CheckedImage> {
  const file = form.get(field);
  if (!file || typeof file === "string" || file.size === 0) throw new AppError(400, IMAGE_MISSING);
  if (file.size > MAX_IMAGE_BYTES) throw new AppError(413, IMAGE_TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new AppError(415, IMAGE_WRONG_TYPE);
  return { bytes, contentType, extension: IMAGE_EXTENSION[contentType] };
}

export type EncodedImage = {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: AcceptedImageType;
  extension: string;
};

const streamOf = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();

/**
 * Decodes the image with the Images binding and encodes its pixels afresh as WebP: nothing else of the
 * uploaded file survives (EXIF and its GPS position, comments, text chunks, bytes after the image, a second
 * format hidden in the same file). WebP output always drops EXIF, where JPEG output would keep the
 * copyright field. `transform` resizes; without one the image keeps its size. An image the binding cannot
 * read (whatever its first bytes claim) is a 400.
 */
export async function reencodeImage(
  context: AppLoadContext,
  image: CheckedImage,
  { transform, quality }: { transform?: ImageTransform; quality: number },
): Promise<EncodedImage> {
  try {
    let pipeline = context.cloudflare.env.IMAGE_TRANSFORMS.input(streamOf(image.bytes));
    if (transform) pipeline = pipeline.transform(transform);
    const result = await pipeline.output({ format: "image/webp", quality });
    const bytes = new Uint8Array(await result.response().arrayBuffer());
    // Anything but the WebP asked for (an error page, an empty answer) is not an image to store.
    if (sniffImageType(bytes) !== "image/webp") throw new Error(`not WebP (${result.contentType()})`);
    return { bytes, contentType: "image/webp", extension: IMAGE_EXTENSION["image/webp"] };
  } catch (error) {
    console.error("image transform failed", error);
    throw new AppError(400, IMAGE_UNREADABLE);
  }
}

/**
 * Re-encodes an image no larger than `maxSide` pixels on its longer side, never enlarged. The size is read
 * first so that a small image gets no resize at all and a large one a single bound on its longer side (the
 * local emulation pads rather than fits when given a box, so one side is all it is given).
 */
export async function reencodeWithin(
  context: AppLoadContext,
  image: CheckedImage,
  { maxSide, quality }: { maxSide: number; quality: number },
): Promise<EncodedImage> {
  let info: ImageInfoResponse;
  try {
    info = await context.cloudflare.env.IMAGE_TRANSFORMS.info(streamOf(image.bytes));
  } catch (error) {
    console.error("image info failed", error);
    throw new AppError(400, IMAGE_UNREADABLE);
  }
  // Uploads are JPEG, PNG or WebP by their first bytes; a bitmap always has a size.
  if (!("width" in info) || !(info.width > 0 && info.height > 0)) throw new AppError(400, IMAGE_UNREADABLE);
  const transform: ImageTransform | undefined =
    Math.max(info.width, info.height) <= maxSide
      ? undefined
      : { ...(info.width >= info.height ? { width: maxSide } : { height: maxSide }), fit: "scale-down" };
  return reencodeImage(context, image, { transform, quality });
}
