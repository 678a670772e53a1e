/**
 * Adding, editing and deleting products: one path for the admin pages and the JSON API. The server checks
 * every field and the image by content and size; a refusal is an AppError whose field errors name the field.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Product } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { productSchema } from "~/lib/validation";
import { createProduct, deleteProduct, getProductById, updateProduct } from "~/models/product.server";
import { deleteProductImage, storeProductImage } from "~/services/product-images.server";
import { parseOrThrow } from "~/services/http.server";
import { readImageField } from "~/services/uploads.server";

/** The product form's text fields (the image is read apart). */
export const PRODUCT_FIELDS = ["name", "category", "price"] as const;

export const PRODUCT_NOT_FOUND = "That product does not exist (it may have been deleted).";

function parseProductFields(form: FormData) {
  return parseOrThrow(productSchema, {
    name: form.get("name") ?? undefined,
    category: form.get("category") ?? undefined,
    price: form.get("price") ?? undefined,
  });
}

/** The form's image as a stored thumbnail key; a bad image is an error on the image field. */
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
    if (error instanceof AppError) throw new AppError(error.status, error.message, { image: error.message });
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
export async function editProduct(context: AppLoadContext, id: number, form: FormData): Promise<Product> {
  const existing = await getProductById(context.db, id);
  if (!existing) throw new AppError(404, PRODUCT_NOT_FOUND);
  const fields = parseProductFields(form);
  const imageKey = await imageFrom(context, form, false);
  const updated = await updateProduct(context.db, id, {
    name: fields.name,
    category: fields.category,
    priceKobo: fields.price,
    ...(imageKey ? { imageKey } : {}),
  });
  if (!updated) throw new AppError(404, PRODUCT_NOT_FOUND);
  if (imageKey) await deleteProductImage(context, existing.imageKey);
  return updated;
}

export async function removeProduct(context: AppLoadContext, id: number | null): Promise<Product> {
  const removed = id ? await deleteProduct(context.db, id) : undefined;
  if (!removed) throw new AppError(404, "Product not found.");
  await deleteProductImage(context, removed.imageKey);
  return removed;
}

/** A product for the edit and delete pages; a missing one is the 404 page. */
export async function productToEdit(context: AppLoadContext, id: number | null): Promise<Product> {
  const product = id ? await getProductById(context.db, id) : undefined;
  if (!product) throw new AppError(404, PRODUCT_NOT_FOUND);
  return product;
}

export function parseProductIdParam(value: string | undefined): number | null {
  return value && /^\d{1,12}$/.test(value) ? Number(value) : null;
}
