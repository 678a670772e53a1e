/**
 * Reading an uploaded image from a multipart form: size-limited before and after parsing, type checked by
 * content. Shared by prescription uploads and (admin) product images.
 */
import { AppError } from "~/lib/app-error";
import { IMAGE_EXTENSION, sniffImageType, type AcceptedImageType } from "~/lib/image-type";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Multipart framing and the other fields on top of the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const IMAGE_TOO_LARGE = "The image is too large. Please choose one under 5 MB.";
export const IMAGE_WRONG_TYPE = "Please choose a JPEG, PNG or WebP image.";
export const IMAGE_MISSING = "Please choose an image file.";

/** Refuses an oversized body before reading it (the declared length is checked; the real one again below). */
export async function readMultipart(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data"))
    throw new AppError(415, "Send the image as multipart/form-data.");
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES) throw new AppError(413, IMAGE_TOO_LARGE);
  try {
    return await request.formData();
  } catch {
    throw new AppError(400, "We could not read the upload. Please try again.");
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
