/**
 * GET /api/products: the catalogue as an array of {_id, name, category, price (naira), image}.
 * Paged so a large catalogue is never sent whole: ?page=&limit= (default 200, at most 500), ?q= searches;
 * a Link rel="next" header points at the following page.
 * POST /api/products/ (admins): multipart name, category, price (naira), image → 201 {message, product}.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { addProduct } from "~/features/catalogue/admin-products.server";
import { apiProducts, toApiProduct } from "~/features/catalogue/shop.server";
import { handleApi, methodNotAllowed } from "~/services/http.server";
import { requireApiBackOfficeUser } from "~/services/session.server";
import { readMultipart } from "~/services/uploads.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const { products, next } = await apiProducts(request, context);
    const headers = new Headers({ "Cache-Control": "public, max-age=60" });
    if (next) headers.set("Link", `<${next}>; rel="next"`);
    return Response.json(products, { headers });
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const admin = await requireApiBackOfficeUser(request, context);
    const product = await addProduct(context, admin, await readMultipart(request));
    return Response.json(
      { message: "Product added successfully!", product: toApiProduct(product, new URL(request.url).origin) },
      { status: 201 },
    );
  });
}
