/** Admin › Products › edit one product (name, category, price, image). */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ProductForm, type ProductFormData } from "~/components/admin/product-form";
import { productImageUrl } from "~/lib/images";
import { getProductById } from "~/models/product.server";
import { editProduct, parseProductIdParam, ProductFormError } from "~/services/catalogue-admin.server";
import { requireAdmin } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { readMultipart, UploadError } from "~/services/uploads.server";

const notFound = () =>
  data({ message: "That product does not exist (it may have been deleted)." }, { status: 404 });

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const id = parseProductIdParam(params.id);
  const product = id ? await getProductById(context.db, id) : undefined;
  if (!product) throw notFound();
  return {
    product: {
      id: product.id,
      name: product.name,
      category: product.category,
      price: (product.priceKobo / 100).toFixed(2),
      imageUrl: productImageUrl(product.imageKey),
    },
  };
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = parseProductIdParam(params.id);
  if (!id) throw notFound();
  try {
    const updated = await editProduct(context, id, await readMultipart(request));
    if (!updated) throw notFound();
    return redirectWithToast(
      "/admin/products",
      { type: "success", message: `Product updated successfully (${updated.name})` },
      context.config,
    );
  } catch (error) {
    if (error instanceof ProductFormError || error instanceof UploadError) {
      const errors = error instanceof ProductFormError ? error.errors : { image: error.message };
      return data<ProductFormData>(
        { formError: `Error updating product: ${error.message}`, errors },
        { status: error.status },
      );
    }
    throw error;
  }
}

export default function EditProduct() {
  const { product } = useLoaderData<typeof loader>();
  const result = useActionData<ProductFormData>();
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
        <h2 id="edit-heading" className="text-lg font-semibold">
          Edit {product.name}
        </h2>
      </div>
      <div className="mt-4">
        <ProductForm
          mode="edit"
          result={result}
          defaults={{ name: product.name, category: product.category, price: product.price }}
        />
      </div>
    </section>
  );
}
