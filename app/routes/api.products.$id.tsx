/** DELETE /api/products/{id} (admins): "Product deleted successfully"; 404 when there is no such product. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ApiError, handleApi, methodNotAllowed } from "~/services/api.server";
import { parseProductIdParam, removeProduct } from "~/services/catalogue-admin.server";
import { requireApiAdmin } from "~/services/session.server";

export async function action({ params, request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  return handleApi(async () => {
    await requireApiAdmin(request, context);
    const id = parseProductIdParam(params.id);
    const removed = id ? await removeProduct(context, id) : undefined;
    if (!removed) throw new ApiError(404, "Product not found.");
    return Response.json({ message: "Product deleted successfully", _id: String(removed.id) });
  });
}

export const loader = () => methodNotAllowed(["DELETE"]);
