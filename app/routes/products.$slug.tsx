/**
 * /products/<id>-<slug>: one medicine, server-rendered: what it is, its class and stock, Add to cart, how
 * to check its NAFDAC number, and schema.org data for search engines. Other spellings redirect (301).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { island } from "~/components/island";
import { useNonce } from "~/components/nonce";
import { loadProductPage } from "~/features/catalogue/product-page.server";
import { formatNaira } from "~/lib/money";
import { handlePage } from "~/services/http.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Medicine not found | MediStore" }];
  const { product, canonicalUrl } = data;
  const about = [product.genericName, product.strength, product.dosageForm].filter(Boolean).join(" ");
  return [
    { title: `${product.name} | MediStore` },
    {
      name: "description",
      content:
        product.description?.slice(0, 155) ??
        `${product.name}${about ? ` (${about})` : ""}: ${formatNaira(product.priceKobo)}, delivered across Nigeria.`,
    },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
  ];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return handlePage(() => loadProductPage(request, context, params.slug));
}

/** Adding to the cart changes the root's data only. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/cart" ? false : defaultShouldRevalidate;

const ProductPageIsland = island(() =>
  import("~/components/product-page").then((m) => ({ default: m.ProductPage })),
);

export default function ProductPageRoute() {
  const { product, jsonLd } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  return (
    <ProductPageIsland product={product}>
      <script
        type="application/ld+json"
        nonce={nonce || undefined}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
    </ProductPageIsland>
  );
}
