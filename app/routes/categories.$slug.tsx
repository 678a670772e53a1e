/** /categories/<slug>: one category's medicines, paged like /shop, with the same search box searching within it. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ShopGrid } from "~/components/shop-grid";
import { loadCategoryPage } from "~/features/catalogue/shop.server";
import { handlePage } from "~/services/http.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.category.name}${data.search ? `: “${data.search}”` : ""} | MediStore` },
        { name: "description", content: `${data.category.name}: authentic medicines with prices in naira.` },
      ]
    : [{ title: "Category not found | MediStore" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return handlePage(() => loadCategoryPage(request, context, params.slug));
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/cart" ? false : defaultShouldRevalidate;

export default function CategoryPage() {
  const { category, categories, ...grid } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <ShopGrid
        {...grid}
        formAction={category.url}
        path={category.url}
        pagePath={category.url}
        headingLevel="h1"
        title={category.name}
        categories={categories}
        currentCategoryUrl={category.url}
      />
    </main>
  );
}
