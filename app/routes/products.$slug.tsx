/**
 * /products/<id>-<slug>: one medicine, server-rendered: what it is, its class and stock, Add to cart, other
 * choices in stock, how to check its NAFDAC number, and schema.org data for search engines. Other spellings
 * redirect (301). A signed-in customer on an out-of-stock medicine's page asks to be told when it is back
 * (a plain form posted here).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ProductPage } from "~/components/product-page";
import { useNonce } from "~/components/nonce";
import { changeBackInStock } from "~/features/catalogue/back-in-stock.server";
import { loadProductPage } from "~/features/catalogue/product-page.server";
import type { FormFailure } from "~/lib/app-error";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { handleForm, handlePage, readForm } from "~/services/http.server";
import { getUser, sessionUserRef } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.product.name} | MediStore` },
        { name: "description", content: data.description },
        { tagName: "link", rel: "canonical", href: data.canonicalUrl },
      ]
    : [{ title: "Medicine not found | MediStore" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // The product, and for a signed-in customer whether they asked to hear of it, travel to D1 with the
  // session lookup (one trip); the answer is theirs only once the lookup confirms they are signed in.
  const me = await sessionUserRef(request, context);
  const [user, page] = await Promise.all([
    getUser(request, context),
    handlePage(() => loadProductPage(request, context, params.slug, me)),
  ]);
  return { ...page, backInStock: user ? page.backInStock : null };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = /^(\d{1,12})(?:-|$)/.exec(params.slug ?? "");
  return handleForm(async () => {
    const form = readForm(request);
    form.catch(() => undefined);
    const message = await changeBackInStock(request, context, id ? Number(id[1]) : 0, form);
    const back = safeRedirectPath((await form).get("redirectTo"), new URL(request.url).pathname);
    return redirectWithToast(back, { type: "success", message }, context.config);
  });
}

/** Adding to the cart changes the root's data only. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/cart" ? false : defaultShouldRevalidate;

export default function ProductPageRoute() {
  const { product, alternatives, backInStock, jsonLd } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const nonce = useNonce();
  return (
    <ProductPage
      product={product}
      alternatives={alternatives}
      backInStock={backInStock}
      backInStockError={failure?.formError ?? null}
    >
      <script
        type="application/ld+json"
        nonce={nonce || undefined}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
    </ProductPage>
  );
}
