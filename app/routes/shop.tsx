/** /shop: the product grid on its own page (search results, further pages), linked from the footer. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ShopGrid } from "~/components/shop-grid";
import { loadCategoryLinks, loadShopGrid } from "~/features/catalogue/shop.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.search ? `“${data.search}” | MediStore` : "Shop medicines | MediStore" },
  { name: "description", content: "Browse and search authentic medicines with prices in naira." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [grid, categories] = await Promise.all([loadShopGrid(request, context), loadCategoryLinks(context)]);
  return { ...grid, categories };
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/cart" ? false : defaultShouldRevalidate;

export default function Shop() {
  const grid = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <ShopGrid {...grid} formAction="/shop" path="/shop" headingLevel="h1" />
    </main>
  );
}
