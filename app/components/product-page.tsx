/** One medicine's page, below its JSON-LD (routes/products.$slug.tsx). */
import { Form, Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useDataSaver } from "./data-saver";
import { ClassBadge, StockNote } from "./product-badges";
import { AddToCartForm, ProductCard } from "./product-card";
import { BACK_IN_STOCK_INTENT } from "~/features/catalogue/back-in-stock";
import type { AlternativeCard, ProductPageData } from "~/features/catalogue/product-view";
import { formatNaira } from "~/lib/money";
import { MEDICINE_CLASS, needsPrescription } from "~/lib/medicine-class";

// Said on this page alone: here, not with the rules every card shares, they ride in this page's chunk only.
const PRESCRIPTION_NOTE =
  "A pharmacist checks your prescription before this medicine is dispatched. You can upload it at checkout or from your dashboard.";
const PHARMACY_NOTE =
  "A pharmacist checks that this medicine suits you before it is dispatched, and may call you first.";

const DETAILS: { key: keyof ProductPageData; label: string }[] = [
  { key: "genericName", label: "Generic name (active ingredient)" },
  { key: "strength", label: "Strength" },
  { key: "dosageForm", label: "Dosage form" },
  { key: "packSize", label: "Pack size" },
  { key: "manufacturer", label: "Manufacturer" },
  { key: "nafdacNumber", label: "NAFDAC reg. no." },
];

type Props = {
  product: ProductPageData;
  /** Other products in stock: the same active ingredient first, then the same use. */
  alternatives: AlternativeCard[];
  /** Out of stock and signed in: whether the customer asked to be told when it is back. */
  backInStock: { asked: boolean } | null;
  /** Why asking was refused (the page's form answer). */
  backInStockError: string | null;
  children?: ReactNode;
};

/** Other choices as cards: "In stock instead" on an out-of-stock page, near the top; else below. */
function Alternatives({ product, alternatives }: Pick<Props, "product" | "alternatives">) {
  const same = alternatives.some((a) => a.sameIngredient);
  return (
    <>
      <h2 id="alternatives-heading" className="text-lg font-semibold">
        {product.inStock ? "Other choices" : "In stock instead"}
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        {same && product.genericName
          ? `Also ${product.genericName}${alternatives.some((a) => !a.sameIngredient) ? `, then others in ${product.category}` : ""}.`
          : `Others in ${product.category}.`}{" "}
        Ask a pharmacist if you are not sure one suits you.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-3" data-testid="alternatives">
        {alternatives.map((alternative) => (
          <ProductCard key={alternative.id} product={alternative} titleLevel="h3" />
        ))}
      </ul>
    </>
  );
}

/** "Tell me when it is back": a form for a signed-in customer, a way to log in for a guest. */
function BackInStock({ product, backInStock, backInStockError }: Omit<Props, "alternatives" | "children">) {
  if (!backInStock) {
    return (
      <p className="text-sm text-gray-800">
        <Link
          to={`/login?redirectTo=${encodeURIComponent(product.url)}`}
          className="font-semibold text-brand-700 underline"
        >
          Log in to be told when it is back
        </Link>
      </p>
    );
  }
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3" data-testid="back-in-stock">
      <input
        type="hidden"
        name="intent"
        value={backInStock.asked ? BACK_IN_STOCK_INTENT.forget : BACK_IN_STOCK_INTENT.ask}
      />
      {backInStock.asked ? (
        <p className="text-sm text-gray-800">We will tell you when it is back in stock.</p>
      ) : null}
      <button
        type="submit"
        className={
          backInStock.asked
            ? "rounded-lg border border-gray-300 px-4 py-2 text-sm font-semibold text-gray-800"
            : "rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white"
        }
      >
        {backInStock.asked ? "Stop telling me" : "Tell me when it is back"}
      </button>
      {backInStockError ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {backInStockError}
        </p>
      ) : null}
    </Form>
  );
}

export function ProductPage({ product, alternatives, backInStock, backInStockError, children }: Props) {
  // Data saver leaves the picture out unless the shopper asks for this one (?image=1, a plain link).
  const [search] = useSearchParams();
  const showImage = !useDataSaver() || search.get("image") === "1";
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-6">
      {children}
      <nav aria-label="Breadcrumb" className="text-sm text-gray-700">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/shop" className="text-brand-700 underline">
              Shop
            </Link>
            <span aria-hidden> ›</span>
          </li>
          <li>
            <Link to={product.categoryUrl} className="text-brand-700 underline">
              {product.category}
            </Link>
            <span aria-hidden> ›</span>
          </li>
          <li aria-current="page" className="min-w-0 break-words">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {product.imageUrl && !showImage ? (
          <div className="mx-auto flex aspect-[3/1] w-full max-w-72 items-center justify-center rounded-xl bg-brand-50 md:max-w-none">
            <Link
              to="?image=1"
              replace
              preventScrollReset
              className="rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700"
              data-testid="show-image"
            >
              Show image
            </Link>
          </div>
        ) : product.imageUrl ? (
          <img
            src={product.imageUrl}
            alt={product.name}
            width={240}
            height={240}
            fetchPriority="high"
            className="mx-auto aspect-square w-full max-w-72 rounded-xl bg-gray-100 object-cover md:max-w-none"
          />
        ) : (
          <div className="mx-auto aspect-square w-full max-w-72 rounded-xl bg-gray-100" aria-hidden />
        )}
        <div className="flex min-w-0 flex-col gap-3" id="add-to-cart">
          <h1 className="break-words text-2xl font-bold leading-tight text-gray-900">{product.name}</h1>
          {product.genericName ? (
            <p className="text-gray-700">
              {[product.genericName, product.strength, product.dosageForm].filter(Boolean).join(" · ")}
            </p>
          ) : null}
          {product.alsoKnownAs.length > 0 ? (
            <p className="text-sm text-gray-700">Also known as {product.alsoKnownAs.join(", ")}</p>
          ) : null}
          <ClassBadge medicineClass={product.medicineClass} />
          <p className="text-2xl font-bold text-gray-900">{formatNaira(product.priceKobo)}</p>
          {product.inStock ? <StockNote stock={product} always /> : null}
          <AddToCartForm product={product} anchor="add-to-cart" className="max-w-xs" />
          {product.inStock ? null : (
            <BackInStock product={product} backInStock={backInStock} backInStockError={backInStockError} />
          )}
          {needsPrescription(product.medicineClass) ? (
            <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              <strong>Prescription required.</strong> {PRESCRIPTION_NOTE}
            </p>
          ) : product.medicineClass === "pharmacy" ? (
            <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
              <strong>Pharmacy medicine.</strong> {PHARMACY_NOTE}
            </p>
          ) : null}
        </div>
      </div>

      {!product.inStock && alternatives.length > 0 ? (
        // Out of stock: what the shopper can buy instead comes before the medicine's details.
        <section aria-labelledby="alternatives-heading" className="mt-8">
          <Alternatives product={product} alternatives={alternatives} />
        </section>
      ) : null}

      <section aria-labelledby="details-heading" className="mt-8">
        <h2 id="details-heading" className="text-lg font-semibold">
          Product information
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {DETAILS.map(({ key, label }) => (
            <div key={key} className="border-b border-gray-100 pb-2">
              <dt className="text-sm text-gray-600">{label}</dt>
              <dd className="break-words font-medium text-gray-900">{product[key] ?? "Not stated"}</dd>
            </div>
          ))}
          <div className="border-b border-gray-100 pb-2">
            <dt className="text-sm text-gray-600">Category</dt>
            <dd className="font-medium">
              <Link to={product.categoryUrl} className="text-brand-700 underline">
                {product.category}
              </Link>
            </dd>
          </div>
          <div className="border-b border-gray-100 pb-2">
            <dt className="text-sm text-gray-600">Class</dt>
            <dd className="font-medium text-gray-900">{MEDICINE_CLASS.label(product.medicineClass)}</dd>
          </div>
        </dl>
      </section>

      {(
        [
          ["description", "About this medicine"],
          ["directions", "Directions"],
          ["warnings", "Warnings"],
        ] as const
      ).map(([key, title]) =>
        product[key] ? (
          <section key={key} aria-labelledby={`${key}-heading`} className="mt-6">
            <h2 id={`${key}-heading`} className="text-lg font-semibold">
              {title}
            </h2>
            <p className="mt-1 whitespace-pre-line text-gray-800">{product[key]}</p>
          </section>
        ) : null,
      )}

      {product.inStock && alternatives.length > 0 ? (
        <section aria-labelledby="alternatives-heading" className="mt-8">
          <Alternatives product={product} alternatives={alternatives} />
        </section>
      ) : null}

      <section
        aria-labelledby="nafdac-heading"
        className="mt-6 rounded-xl border border-gray-200 bg-white p-4"
      >
        <h2 id="nafdac-heading" className="font-semibold">
          How to check a NAFDAC number
        </h2>
        <p className="mt-1 text-sm text-gray-800">
          Every medicine sold in Nigeria must carry a NAFDAC registration number (like A4-1234) on its pack.
          Search for that number in NAFDAC&apos;s Greenbook (greenbook.nafdac.gov.ng): the product, its
          strength and its maker should match the pack. Some packs also have a scratch-off code you can text
          to the number printed beside it. If anything does not match, do not use the medicine and tell us.
        </p>
      </section>
    </main>
  );
}
