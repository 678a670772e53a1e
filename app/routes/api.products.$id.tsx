/** DELETE /api/products/{id} (admins): "Product deleted successfully"; 404 when there is no such product. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, methodNotAllowed } from "~/services/http.server";
import { parseProductIdParam, removeProduct } from "~/features/catalogue/admin-products.server";
import { requireApiAdmin } from "~/services/session.server";

export async function action({ params, request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  return handleApi(async () => {
    await requireApiAdmin(request, context);
    const removed = await removeProduct(context, parseProductIdParam(params.id));
    return Response.json({ message: "Product deleted successfully", _id: String(removed.id) });
  });
}

export const loader = () => methodNotAllowed(["DELETE"]);
