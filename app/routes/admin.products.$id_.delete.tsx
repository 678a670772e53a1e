/** The confirmation step before a product is deleted (the dialog's no-JavaScript twin), and the delete. */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DELETE_PRODUCT_QUESTION } from "~/components/admin/confirm-delete";
import {
  parseProductIdParam,
  productToEdit,
  removeProduct,
} from "~/features/catalogue/admin-products.server";
import { handleForm, handlePage } from "~/services/http.server";
import { requireAdmin, requireBackOfficeUser, withReads } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

export const PRODUCT_DELETED = "Product deleted successfully";
export const DELETE_FAILED = "Failed to delete product. Please try again.";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // The product travels to D1 with the session lookup, in one trip (an unknown one is a 404 page).
  const [, product] = await withReads(request, context, requireAdmin, () =>
    handlePage(() => productToEdit(context, parseProductIdParam(params.id))),
  );
  return { product: { id: product.id, name: product.name } };
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const admin = await requireBackOfficeUser(request, context);
  const back = "/admin/products";
  return handleForm(
    async () => {
      await removeProduct(context, admin, parseProductIdParam(params.id));
      return redirectWithToast(back, { type: "success", message: PRODUCT_DELETED }, context.config);
    },
    { toast: { to: back, config: context.config, message: DELETE_FAILED }, unexpected: DELETE_FAILED },
  );
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
