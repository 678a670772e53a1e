/**
 * Adding, editing and deleting products: one path for the admin pages and the JSON API. The server checks
 * every field (the old client did not) and the image by content and size.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Product } from "~/db/schema";
import { fieldErrors, productSchema } from "~/lib/validation";
import { createProduct, deleteProduct, getProductById, updateProduct } from "~/models/product.server";
import { deleteProductImage, storeProductImage } from "./product-images.server";
import { readImageField, UploadError } from "./uploads.server";

export class ProductFormError extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string>,
    readonly status = 400,
  ) {
    super(message);
  }
}

function parseProductFields(form: FormData) {
  const parsed = productSchema.safeParse({
    name: form.get("name") ?? undefined,
    category: form.get("category") ?? undefined,
    price: form.get("price") ?? undefined,
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new ProductFormError(Object.values(errors)[0] ?? "Please check the form.", errors);
  }
  return parsed.data;
}

async function imageFrom(
  context: AppLoadContext,
  form: FormData,
  required: boolean,
): Promise<string | undefined> {
  const file = form.get("image");
  const present = file && typeof file !== "string" && file.size > 0;
  if (!present && !required) return undefined;
  try {
    return await storeProductImage(context, await readImageField(form, "image"));
  } catch (error) {
    if (error instanceof UploadError)
      throw new ProductFormError(error.message, { image: error.message }, error.status);
    throw error;
  }
}

export async function addProduct(context: AppLoadContext, form: FormData): Promise<Product> {
  const fields = parseProductFields(form);
  const imageKey = await imageFrom(context, form, true);
  return createProduct(context.db, {
    name: fields.name,
    category: fields.category,
    priceKobo: fields.price,
    imageKey,
  });
}

/** A new image is optional when editing; the old one is removed once the new one is saved. */
export async function editProduct(
  context: AppLoadContext,
  id: number,
  form: FormData,
): Promise<Product | undefined> {
  const existing = await getProductById(context.db, id);
  if (!existing) return undefined;
  const fields = parseProductFields(form);
  const imageKey = await imageFrom(context, form, false);
  const updated = await updateProduct(context.db, id, {
    name: fields.name,
    category: fields.category,
    priceKobo: fields.price,
    ...(imageKey ? { imageKey } : {}),
  });
  if (imageKey) await deleteProductImage(context, existing.imageKey);
  return updated;
}

export async function removeProduct(context: AppLoadContext, id: number): Promise<Product | undefined> {
  const removed = await deleteProduct(context.db, id);
  if (removed) await deleteProductImage(context, removed.imageKey);
  return removed;
}

export function parseProductIdParam(value: string | undefined): number | null {
  return value && /^\d{1,12}$/.test(value) ? Number(value) : null;
}
