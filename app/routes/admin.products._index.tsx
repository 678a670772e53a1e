/** Admin › Products: the add form and the catalogue (searchable, paged) with Edit and Delete per product. */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteButton } from "~/components/admin/confirm-delete";
import { ProductForm } from "~/components/admin/product-form";
import type { FormFailure } from "~/lib/app-error";
import { formatNaira } from "~/lib/money";
import { addProduct, PRODUCT_FIELDS } from "~/features/catalogue/admin-products.server";
import { loadAdminCatalogue } from "~/features/catalogue/shop.server";
import { formValues, handleForm } from "~/services/http.server";
import { requireAdmin, requireBackOfficeUser, withReads } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { readMultipart } from "~/services/uploads.server";
import { ProductThumb } from "~/components/product-thumb";
import { LOW_STOCK } from "~/features/catalogue/product-view";
import { MEDICINE_CLASS } from "~/lib/vocabularies";

/** Admins see the count itself; low and out are marked so they stand out in the list. */
function AdminStock({ stock }: { stock: number | null }) {
  if (stock === null) return <p className="text-xs text-gray-700">Stock not counted</p>;
  if (stock === 0)
    return (
      <p className="mt-1 w-fit rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">
        Out of stock
      </p>
    );
  if (stock <= LOW_STOCK)
    return (
      <p className="mt-1 w-fit rounded bg-orange-100 px-1.5 py-0.5 text-xs font-semibold text-orange-900">
        Low stock: {stock}
      </p>
    );
  return <p className="text-xs text-gray-700">In stock: {stock.toLocaleString("en-NG")}</p>;
}

export const PRODUCT_ADDED = "Product added successfully!";
export const ADD_PRODUCT_FAILED = "Error adding product";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page's reads travel to D1 with the session lookup, in one trip.
  const [, catalogue] = await withReads(request, context, requireAdmin, () =>
    loadAdminCatalogue(request, context),
  );
  return catalogue;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireBackOfficeUser(request, context);
  const values: Record<string, string> = {};
  return handleForm(
    async () => {
      const form = await readMultipart(request);
      Object.assign(values, formValues(form, PRODUCT_FIELDS, 2000));
      const product = await addProduct(context, admin, form);
      return redirectWithToast(
        "/admin/products",
        { type: "success", message: `${PRODUCT_ADDED} (${product.name})` },
        context.config,
      );
    },
    { values, unexpected: "Please try again." },
  );
}

export default function AdminProducts() {
  const { products, search, page, hasMore } = useLoaderData<typeof loader>();
  const result = useActionData<FormFailure>();
  const pageHref = (n: number) =>
    `/admin/products?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(n) })}`;
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="add-product" className="rounded-xl border border-gray-200 bg-white p-4">
        <h2 id="add-product" className="mb-3 text-lg font-semibold">
          Add a product
        </h2>
        <ProductForm mode="add" result={result} failure={ADD_PRODUCT_FAILED} />
      </section>

      <section aria-labelledby="catalogue">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="catalogue" className="text-lg font-semibold">
            Catalogue
          </h2>
          <Form method="get" role="search" className="flex gap-2">
            <label htmlFor="admin-product-search" className="sr-only">
              Search products
            </label>
            <input
              id="admin-product-search"
              name="q"
              type="search"
              defaultValue={search}
              placeholder="Search"
              className="rounded-lg border border-gray-300 px-3 py-1.5"
            />
            <button type="submit" className="rounded-lg border border-gray-300 px-3 py-1.5">
              Search
            </button>
          </Form>
        </div>
        {products.length === 0 ? (
          <p className="mt-4 text-gray-600">No products found.</p>
        ) : (
          <ul
            className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4"
            data-testid="admin-products"
          >
            {products.map((product) => (
              <li
                key={product.id}
                className="flex min-w-0 flex-col rounded-xl border border-gray-200 bg-white p-3"
              >
                <ProductThumb src={product.imageUrl} className="aspect-square w-full rounded-lg" />
                <h3 className="mt-2 text-sm font-semibold [overflow-wrap:anywhere]">{product.name}</h3>
                <p className="text-xs text-gray-600">{product.category}</p>
                <p className="mt-1 font-bold">{formatNaira(product.priceKobo)}</p>
                <p className="mt-1 text-xs text-gray-800">{MEDICINE_CLASS.label(product.medicineClass)}</p>
                <AdminStock stock={product.stock} />
                <div className="mt-auto flex gap-2 pt-2">
                  <Link
                    to={`/admin/products/${product.id}`}
                    className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm"
                    aria-label={`Edit ${product.name}`}
                  >
                    Edit
                  </Link>
                  <ConfirmDeleteButton
                    label={product.name}
                    confirmHref={`/admin/products/${product.id}/delete`}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
        <nav aria-label="Pages" className="mt-4 flex justify-between">
          {page > 1 ? <Link to={pageHref(page - 1)}>← Previous</Link> : <span />}
          {hasMore ? <Link to={pageHref(page + 1)}>Next page →</Link> : null}
        </nav>
      </section>
    </div>
  );
}
