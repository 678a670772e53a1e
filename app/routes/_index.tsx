import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { HomePage } from "~/components/home-page";
import type { loader as rootLoader } from "~/root";
import { loadHome } from "~/features/catalogue/shop.server";

export const meta: MetaFunction = () => [
  { title: "MediStore | Trusted online pharmacy in Nigeria" },
  {
    name: "description",
    content:
      "Fast, secure delivery of trusted medicines across Nigeria: quality healthcare, affordable prescriptions, doorstep delivery.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadHome(request, context);
}

/** Adding to the cart changes the root's data only; the catalogue need not be read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/cart" ? false : defaultShouldRevalidate;

export default function Home() {
  const { hero, grid } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return <HomePage hero={hero} grid={grid} user={root?.user ?? null} whatsapp={root?.store.whatsapp} />;
}
