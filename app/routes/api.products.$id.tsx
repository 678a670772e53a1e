/**
 * PATCH /api/products/{id} (admins): JSON with any of the product's fields → {message, product}; a bad value
 * is a 400 naming the field, an unknown field a 400 naming it, an unknown product a 404.
 * DELETE /api/products/{id} (admins): "Product deleted successfully"; 404 when there is no such product.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, methodNotAllowed, readJson } from "~/services/http.server";
import {
  parseProductIdParam,
  patchProduct,
  productToChange,
  removeProduct,
} from "~/features/catalogue/admin-products.server";
import { toApiProduct } from "~/features/catalogue/shop.server";
import { requireApiBackOfficeUser, withReads } from "~/services/session.server";

const ALLOWED = ["PATCH", "DELETE"];

export async function action({ params, request, context }: ActionFunctionArgs) {
  if (request.method === "PATCH") {
    return handleApi(async () => {
      // The product is read beside the session lookup (the Worker lets this call start beside its
      // dead-token check: the guard refuses a dead token before anything is written).
      const [admin, read] = await withReads(request, context, requireApiBackOfficeUser, () =>
        productToChange(context, parseProductIdParam(params.id)),
      );
      const body = await readJson(request);
      const updated = await patchProduct(context, admin, read, body);
      return Response.json({
        message: "Product updated successfully",
        product: toApiProduct(updated, new URL(request.url).origin),
      });
    });
  }
  if (request.method !== "DELETE") return methodNotAllowed(ALLOWED);
  return handleApi(async () => {
    const admin = await requireApiBackOfficeUser(request, context);
    const removed = await removeProduct(context, admin, parseProductIdParam(params.id));
    return Response.json({ message: "Product deleted successfully", _id: String(removed.id) });
  });
}

export const loader = () => methodNotAllowed(ALLOWED);
