/**
 * GET /api/products: the catalogue as an array of {_id, name, category, price (naira), image}.
 * Paged so a large catalogue is never sent whole: ?page=&limit= (default 200, at most 500), ?q= searches;
 * a Link rel="next" header points at the following page.
 * POST /api/products/ (admins): multipart name, category, price (naira), image → 201 {message, product}.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ApiError, handleApi, methodNotAllowed } from "~/services/api.server";
import { addProduct, ProductFormError } from "~/services/catalogue-admin.server";
import { requireApiAdmin } from "~/services/session.server";
import { readMultipart, UploadError } from "~/services/uploads.server";
import { listProducts, normalizeSearch, toApiProduct } from "~/models/product.server";
import { parsePage } from "~/services/shop.server";

const DEFAULT_LIMIT = 200;
const MAX_LIMIT = 500;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const rawLimit = url.searchParams.get("limit");
  const limit = rawLimit === null ? DEFAULT_LIMIT : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    return Response.json(
      { message: `limit must be a whole number from 1 to ${MAX_LIMIT}.` },
      { status: 400 },
    );
  }
  const page = parsePage(url.searchParams.get("page"));
  const search = normalizeSearch(url.searchParams.get("q"));
  const { products, hasMore } = await listProducts(context.db, { search, page, pageSize: limit });
  const headers = new Headers({ "Cache-Control": "public, max-age=60" });
  if (hasMore) {
    const next = new URL(url);
    next.searchParams.set("page", String(page + 1));
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return Response.json(
    products.map((p) => toApiProduct(p, url.origin)),
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    await requireApiAdmin(request, context);
    try {
      const product = await addProduct(context, await readMultipart(request));
      return Response.json(
        {
          message: "Product added successfully!",
          product: toApiProduct(product, new URL(request.url).origin),
        },
        { status: 201 },
      );
    } catch (error) {
      if (error instanceof ProductFormError)
        throw Object.assign(new ApiError(error.status, error.message), { errors: error.errors });
      if (error instanceof UploadError) throw new ApiError(error.status, error.message);
      throw error;
    }
  });
}
