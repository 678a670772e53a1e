/**
 * Adding, editing and deleting products: one path for the admin pages and the JSON API. The server checks
 * every field and the image by content and size; a refusal is an AppError whose field errors name the field.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Product } from "~/db/schema";
import { AppError, firstFieldError } from "~/lib/app-error";
import { DEFAULT_MEDICINE_CLASS, PRESCRIPTION_ONLY, needsPrescription } from "~/lib/medicine-class";
import { storedOtherNames } from "~/lib/other-names";
import { fieldErrors, productDetailsFormSchema, productPatchSchema, productSchema } from "~/lib/validation";
import {
  createProduct,
  deleteProduct,
  getProductById,
  insertedProductId,
  productExists,
  updateProduct,
  type ProductInput,
} from "~/models/product.server";
import { formatNaira } from "~/lib/money";
import { audit, type AuditActor } from "../audit/audit.server";
import { sql } from "drizzle-orm";
import { backInStockRequestsFor, markBackInStockNotifiedStatement } from "~/models/back-in-stock.server";
import { accountMessages, asStatements, enqueueMessages } from "../messages/messages.server";
import { backInStockText } from "../messages/texts";
import { productPath } from "./product-view";
import { deleteProductImage, storeProductImage } from "~/services/product-images.server";
import { parseOrThrow } from "~/services/http.server";
import { readImageField } from "~/services/uploads.server";

/** The medicine information and stock fields, as the form and the API name them. */
export const PRODUCT_DETAIL_FIELDS = [
  "genericName",
  "strength",
  "dosageForm",
  "packSize",
  "manufacturer",
  "nafdacNumber",
  "medicineClass",
  "description",
  "directions",
  "warnings",
  "alsoKnownAs",
  "stock",
] as const;

/** The product form's text fields (the image is read apart). */
export const PRODUCT_FIELDS = ["name", "category", "price", ...PRODUCT_DETAIL_FIELDS] as const;

/** What `PATCH /api/products/{id}` accepts. */
export const PATCHABLE_FIELDS = [
  "name",
  "category",
  "price",
  ...PRODUCT_DETAIL_FIELDS,
  "prescriptionOnly",
] as const;

export const PRODUCT_NOT_FOUND = "That product does not exist (it may have been deleted).";

/**
 * The form's fields, every problem at once. A medicine field the form does not send is left as it is
 * (older clients of `POST /api/products` send only name, category and price); one sent empty is cleared.
 */
function parseProductFields(form: FormData): ProductInput {
  const basics = productSchema.safeParse({
    name: form.get("name") ?? undefined,
    category: form.get("category") ?? undefined,
    price: form.get("price") ?? undefined,
  });
  const details = productDetailsFormSchema.safeParse(
    Object.fromEntries(
      PRODUCT_DETAIL_FIELDS.flatMap((field) => {
        const value = form.get(field);
        return value === null ? [] : [[field, value]];
      }),
    ),
  );
  if (!basics.success || !details.success) {
    const errors = {
      ...(basics.success ? {} : fieldErrors(basics.error)),
      ...(details.success ? {} : fieldErrors(details.error)),
    };
    throw new AppError(400, firstFieldError(errors), errors);
  }
  const { name, category, price } = basics.data;
  const { alsoKnownAs, ...rest } = details.data;
  return {
    name,
    category,
    priceKobo: price,
    ...rest,
    ...(alsoKnownAs === undefined ? {} : { alsoKnownAs: storedOtherNames(alsoKnownAs) }),
  };
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

/** A product field as the audit trail notes it: prices in naira, nothing as "none". */
function noted(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (field === "priceKobo" && typeof value === "number") return formatNaira(value);
  return String(value).slice(0, 40);
}

/** What an edit changes, for the audit trail: "price ₦1,000.00 → ₦1,200.00; stock 10 → 5". */
function changesOf(existing: Product, input: Partial<ProductInput>): string {
  return Object.entries(input)
    .filter(([field, value]) => value !== undefined && existing[field as keyof Product] !== value)
    .map(([field, value]) =>
      field === "imageKey"
        ? "new image"
        : `${field === "priceKobo" ? "price" : field} ${noted(field, existing[field as keyof Product])} → ${noted(field, value)}`,
    )
    .join("; ");
}

export async function addProduct(
  context: AppLoadContext,
  admin: AuditActor,
  form: FormData,
): Promise<Product> {
  const fields = parseProductFields(form);
  const imageKey = await imageFrom(context, form, true);
  return createProduct(context.db, { ...fields, imageKey }, [
    audit(context, admin, {
      action: "product_created",
      record: { type: "product", id: insertedProductId },
      detail: `${fields.name}, ${formatNaira(fields.priceKobo)}`,
    }),
  ]);
}

/**
 * A product coming back into stock (0 → more) tells the customers who asked about it and have not been
 * told yet, and stamps their requests, in the edit's own batch and only while the stock is still 0 as read.
 */
async function backInStockMessages(
  context: AppLoadContext,
  target: ProductToChange,
  input: Partial<ProductInput>,
) {
  const existing = target.product;
  if (existing.stock !== 0 || !input.stock || input.stock <= 0) return { statements: [], messages: [] };
  const waiting = target.waiting.filter((r) => r.notifiedAt === null);
  if (waiting.length === 0) return { statements: [], messages: [] };
  const text = backInStockText(
    input.name ?? existing.name,
    `${context.origin}${productPath({ id: existing.id, name: input.name ?? existing.name })}`,
  );
  const messages = (
    await Promise.all(
      waiting.map((r) => accountMessages(context, { id: r.userId, email: r.email, phone: r.phone }, [text])),
    )
  ).flat();
  const stillOut = sql`EXISTS (SELECT 1 FROM products WHERE id = ${existing.id} AND stock = 0)`;
  return {
    messages,
    statements: [
      ...asStatements(context, messages, [stillOut]),
      markBackInStockNotifiedStatement(
        context.db,
        existing.id,
        waiting.map((r) => r.userId),
        stillOut,
      ),
    ],
  };
}

/**
 * A product an admin is changing, with who waits for it to come back (told if the change restocks it): read
 * together, and beside the session lookup by a caller that starts it so (withReads), in one trip to D1.
 * No product: `product` is undefined (the change is then a 404).
 */
export async function productToChange(context: AppLoadContext, id: number | null) {
  if (!id) return { product: undefined, waiting: [] };
  const [product, waiting] = await Promise.all([
    getProductById(context.db, id),
    backInStockRequestsFor(context.db, id),
  ]);
  return { product, waiting };
}
type ProductToChange = { product: Product; waiting: Awaited<ReturnType<typeof backInStockRequestsFor>> };

/** The product to change, or a 404. */
export function productFound(target: Awaited<ReturnType<typeof productToChange>>): ProductToChange {
  if (!target.product) throw new AppError(404, PRODUCT_NOT_FOUND);
  return { product: target.product, waiting: target.waiting };
}

/** Saves a product's changes with their audit entry; 404 when it went meanwhile. */
async function saveProduct(
  context: AppLoadContext,
  admin: AuditActor,
  target: ProductToChange,
  input: Partial<ProductInput>,
): Promise<Product> {
  const existing = target.product;
  const back = await backInStockMessages(context, target, input);
  const updated = await updateProduct(context.db, existing.id, input, [
    audit(context, admin, {
      action: "product_updated",
      record: { type: "product", id: String(existing.id) },
      detail: changesOf(existing, input) || "no change",
      onlyIf: productExists(existing.id),
    }),
    ...back.statements,
  ]);
  if (!updated) throw new AppError(404, PRODUCT_NOT_FOUND);
  enqueueMessages(context, back.messages);
  return updated;
}

/** A new image is optional when editing; the old one is removed once the new one is saved. */
export async function editProduct(
  context: AppLoadContext,
  admin: AuditActor,
  read: Awaited<ReturnType<typeof productToChange>>,
  form: FormData,
): Promise<Product> {
  const target = productFound(read);
  const existing = target.product;
  const fields = parseProductFields(form);
  const imageKey = await imageFrom(context, form, false);
  const updated = await saveProduct(context, admin, target, {
    ...fields,
    ...(imageKey ? { imageKey } : {}),
  });
  if (imageKey) await deleteProductImage(context, existing.imageKey);
  return updated;
}

export async function removeProduct(
  context: AppLoadContext,
  admin: AuditActor,
  id: number | null,
): Promise<Product> {
  // Read first: the trail keeps the name of what went.
  const existing = id ? await getProductById(context.db, id) : undefined;
  const removed = existing
    ? await deleteProduct(context.db, existing.id, [
        audit(context, admin, {
          action: "product_deleted",
          record: { type: "product", id: String(existing.id) },
          detail: existing.name,
          onlyIf: productExists(existing.id),
        }),
      ])
    : undefined;
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

export const PATCH_NEEDS_OBJECT = `Send a JSON object with one or more of: ${PATCHABLE_FIELDS.join(", ")}.`;
export const PRESCRIPTION_CLASS_CONFLICT = `prescriptionOnly and medicineClass disagree: prescriptionOnly true means medicineClass "${PRESCRIPTION_ONLY}".`;

export const unknownFieldsMessage = (fields: string[]) =>
  `Unknown field${fields.length === 1 ? "" : "s"}: ${fields.join(", ")}. Fields that can be edited: ${PATCHABLE_FIELDS.join(", ")}.`;

/**
 * `PATCH /api/products/{id}`: changes only the fields sent. prescriptionOnly is the medicine class seen as
 * a yes/no: true makes it prescription-only; false takes a prescription-only medicine to the default class
 * (over the counter) and leaves any other class as it is.
 */
export async function patchProduct(
  context: AppLoadContext,
  admin: AuditActor,
  read: Awaited<ReturnType<typeof productToChange>>,
  body: unknown,
): Promise<Product> {
  const target = productFound(read);
  const existing = target.product;
  if (typeof body !== "object" || body === null || Array.isArray(body) || Object.keys(body).length === 0) {
    throw new AppError(400, PATCH_NEEDS_OBJECT);
  }
  const unknown = Object.keys(body).filter((key) => !(PATCHABLE_FIELDS as readonly string[]).includes(key));
  if (unknown.length > 0) throw new AppError(400, unknownFieldsMessage(unknown.slice(0, 20)));

  const { price, prescriptionOnly, alsoKnownAs, ...fields } = parseOrThrow(productPatchSchema, body);
  const input: Partial<ProductInput> = {
    ...fields,
    ...(price === undefined ? {} : { priceKobo: price }),
    ...(alsoKnownAs === undefined ? {} : { alsoKnownAs: storedOtherNames(alsoKnownAs) }),
  };
  if (prescriptionOnly !== undefined) {
    const classNow = fields.medicineClass ?? existing.medicineClass;
    if (fields.medicineClass !== undefined && needsPrescription(fields.medicineClass) !== prescriptionOnly) {
      throw new AppError(400, PRESCRIPTION_CLASS_CONFLICT, { prescriptionOnly: PRESCRIPTION_CLASS_CONFLICT });
    }
    input.medicineClass = prescriptionOnly
      ? PRESCRIPTION_ONLY
      : needsPrescription(classNow)
        ? DEFAULT_MEDICINE_CLASS
        : classNow;
  }
  return saveProduct(context, admin, target, input);
}
