/**
 * /products/<id>-<slug>: one medicine, server-rendered: what it is, its class and stock, Add to cart, how
 * to check its NAFDAC number, and schema.org data for search engines. Other spellings redirect (301).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ProductPage } from "~/components/product-page";
import { useNonce } from "~/components/nonce";
import { loadProductPage } from "~/features/catalogue/product-page.server";
import { handlePage } from "~/services/http.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.product.name} | MediStore` },
        { name: "description", content: data.description },
        { tagName: "link", rel: "canonical", href: data.canonicalUrl },
      ]
    : [{ title: "Medicine not found | MediStore" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return handlePage(() => loadProductPage(request, context, params.slug));
}

/** Adding to the cart changes the root's data only. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/cart" ? false : defaultShouldRevalidate;

export default function ProductPageRoute() {
  const { product, jsonLd } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  return (
    <ProductPage product={product}>
      <script
        type="application/ld+json"
        nonce={nonce || undefined}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
    </ProductPage>
  );
}
