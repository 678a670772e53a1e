/** Admin › Products › edit one product: the basics, the medicine information and the stock. */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ProductForm } from "~/components/admin/product-form";
import type { FormFailure } from "~/lib/app-error";
import { productImageUrl } from "~/lib/images";
import { otherNamesOf } from "~/lib/other-names";
import {
  editProduct,
  parseProductIdParam,
  productFound,
  productToChange,
  PRODUCT_FIELDS,
  productToEdit,
} from "~/features/catalogue/admin-products.server";
import { productPath } from "~/features/catalogue/product-view";
import { formValues, handleForm, handlePage } from "~/services/http.server";
import { requireAdmin, requireBackOfficeUser, withReads } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { readMultipart } from "~/services/uploads.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // The product travels to D1 with the session lookup, in one trip (an unknown one is a 404 page).
  const [, product] = await withReads(request, context, requireAdmin, () =>
    handlePage(() => productToEdit(context, parseProductIdParam(params.id))),
  );
  return {
    product: {
      id: product.id,
      name: product.name,
      category: product.category,
      price: (product.priceKobo / 100).toFixed(2),
      imageUrl: productImageUrl(product.imageKey),
      url: productPath(product),
    },
    defaults: {
      name: product.name,
      category: product.category,
      price: (product.priceKobo / 100).toFixed(2),
      genericName: product.genericName ?? "",
      strength: product.strength ?? "",
      dosageForm: product.dosageForm ?? "",
      packSize: product.packSize ?? "",
      manufacturer: product.manufacturer ?? "",
      nafdacNumber: product.nafdacNumber ?? "",
      medicineClass: product.medicineClass,
      description: product.description ?? "",
      directions: product.directions ?? "",
      warnings: product.warnings ?? "",
      alsoKnownAs: otherNamesOf(product.alsoKnownAs).join("\n"),
      stock: product.stock === null ? "" : String(product.stock),
    },
  };
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  // The product (and who waits for it) is read beside the session lookup: one trip, then the one write.
  const [admin, read] = await withReads(request, context, requireBackOfficeUser, () =>
    productToChange(context, parseProductIdParam(params.id)),
  );
  await handlePage(async () => productFound(read));
  const values: Record<string, string> = {};
  return handleForm(
    async () => {
      const form = await readMultipart(request);
      Object.assign(values, formValues(form, PRODUCT_FIELDS, 2000));
      const updated = await editProduct(context, admin, read, form);
      return redirectWithToast(
        "/admin/products",
        { type: "success", message: `Product updated successfully (${updated.name})` },
        context.config,
      );
    },
    { values },
  );
}

export default function EditProduct() {
  const { product, defaults } = useLoaderData<typeof loader>();
  const result = useActionData<FormFailure>();
  return (
    <section aria-labelledby="edit-heading" className="rounded-xl border border-gray-200 bg-white p-4">
      <Link to="/admin/products" className="text-sm text-brand-700 underline">
        ← Back to products
      </Link>
      <div className="mt-3 flex items-center gap-3">
        {product.imageUrl ? (
          <img
            src={product.imageUrl}
            alt=""
            width={64}
            height={64}
            className="h-16 w-16 rounded-lg bg-gray-100 object-cover"
          />
        ) : null}
        <div className="min-w-0">
          <h2 id="edit-heading" className="break-words text-lg font-semibold">
            Edit {product.name}
          </h2>
          <Link to={product.url} className="text-sm text-brand-700 underline">
            View its page
          </Link>
        </div>
      </div>
      <div className="mt-4">
        <ProductForm mode="edit" result={result} failure="Error updating product" defaults={defaults} />
      </div>
    </section>
  );
}
