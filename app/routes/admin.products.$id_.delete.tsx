/** The confirmation step before a product is deleted (the dialog's no-JavaScript twin), and the delete. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DELETE_PRODUCT_QUESTION } from "~/components/admin/confirm-delete";
import { getProductById } from "~/models/product.server";
import { parseProductIdParam, removeProduct } from "~/services/catalogue-admin.server";
import { requireAdmin } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

export const PRODUCT_DELETED = "Product deleted successfully";
export const DELETE_FAILED = "Failed to delete product. Please try again.";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const id = parseProductIdParam(params.id);
  const product = id ? await getProductById(context.db, id) : undefined;
  if (!product)
    throw data(
      { message: "That product does not exist (it may have been deleted already)." },
      { status: 404 },
    );
  return { product: { id: product.id, name: product.name } };
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = parseProductIdParam(params.id);
  try {
    const removed = id ? await removeProduct(context, id) : undefined;
    if (!removed)
      return redirectWithToast("/admin/products", { type: "error", message: DELETE_FAILED }, context.config);
    return redirectWithToast(
      "/admin/products",
      { type: "success", message: PRODUCT_DELETED },
      context.config,
    );
  } catch (error) {
    console.error("delete product failed", error);
    return redirectWithToast("/admin/products", { type: "error", message: DELETE_FAILED }, context.config);
  }
}

export default function ConfirmDelete() {
  const { product } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-md rounded-xl border border-gray-200 bg-white p-5">
      <h2 className="text-lg font-semibold">{DELETE_PRODUCT_QUESTION}</h2>
      <p className="mt-1 text-gray-700">{product.name}</p>
      <p className="mt-1 text-sm text-gray-600">Past orders keep their lines; carts that hold it drop it.</p>
      <Form method="post" className="mt-4 flex gap-2">
        <button type="submit" className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white">
          Delete
        </button>
        <Link to="/admin/products" className="rounded-lg border border-gray-300 px-4 py-2">
          Cancel
        </Link>
      </Form>
    </section>
  );
}
