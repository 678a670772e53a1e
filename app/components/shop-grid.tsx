/**
 * "Available Medicines": the search box and the product grid. Search is a GET form (?q=), so results are
 * linkable and work without JavaScript; with it, the grid filters as you type.
 */
import { CategoryChip } from "./category-chip";
import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { lazy, useEffect, useRef, useState, type ComponentType } from "react";
import { ProductCard } from "./product-card";
import type * as SearchHelp from "./search-help";
import type { ProductCardData } from "~/features/catalogue/product-view";

// The search help shows on few searches, so the browser fetches its code only when a page shows it. The
// server renders it in place: no <Suspense> above it, so the page waits for its code rather than stream a
// fallback a page without JavaScript would keep. Hydration keeps the server's markup in an element of the
// same tag until the code arrives (React leaves an element's server-rendered insides alone when it is given
// its own inner HTML), then renders the help itself.
const loadSearchHelp = () => import("./search-help");
let searchHelp: typeof SearchHelp | undefined;
function onDemand<Name extends "DidYouMean" | "NothingFound">(name: Name, Tag: "span" | "div") {
  type Props = Parameters<(typeof SearchHelp)[Name]>[0];
  if (import.meta.env.SSR)
    return lazy(() => loadSearchHelp().then((mod) => ({ default: mod[name] as ComponentType<Props> })));
  return function SearchHelpPart(props: Props) {
    const [Loaded, setLoaded] = useState(() => searchHelp?.[name] as ComponentType<Props> | undefined);
    useEffect(() => {
      if (Loaded) return;
      void loadSearchHelp().then((mod) => {
        searchHelp = mod;
        setLoaded(() => mod[name] as ComponentType<Props>);
      });
    }, [Loaded]);
    if (Loaded) return <Loaded {...props} />;
    return <Tag dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  };
}
const DidYouMean = onDemand("DidYouMean", "span");
const NothingFound = onDemand("NothingFound", "div");

type Props = {
  search: string;
  page: number;
  hasMore: boolean;
  products: ProductCardData[];
  /** The corrected search every product shown was found through ("Did you mean …"), or null. */
  correctedTo?: string | null;
  /** Where the search form goes without JavaScript (the home page sends it to /shop, nearer the grid). */
  formAction: string;
  /** The path of this page, for live filtering and the pager. */
  path: string;
  headingLevel?: "h1" | "h2";
  /** The heading (a category's listing names its category). */
  title?: string;
  /** Where the pager leads (the home page's grid pages on /shop). */
  pagePath?: string;
  /** Links to every category's listing, under the search box. */
  categories?: { name: string; url: string }[];
  /** The current category's listing, marked in the links. */
  currentCategoryUrl?: string;
  /** The categories a search that finds nothing offers (where the links above are not shown). */
  emptyCategories?: { name: string; url: string }[];
};

export function ShopGrid({
  search,
  page,
  hasMore,
  products,
  correctedTo = null,
  formAction,
  path,
  headingLevel = "h2",
  title = "Available Medicines",
  pagePath = "/shop",
  categories,
  currentCategoryUrl,
  emptyCategories,
}: Props) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const Heading = headingLevel;
  const searching = navigation.state === "loading" && navigation.location.pathname === path;

  /** Filters the grid a moment after the shopper stops typing. */
  const searchAsTyped = (q: string) => {
    clearTimeout(timer.current);
    // One or two letters match almost everything and cannot use the search index: wait for a third
    // (Search / Enter still sends a short term on purpose).
    if (q.trim().length > 0 && q.trim().length < 3) return;
    timer.current = setTimeout(() => {
      submit(q.trim() ? { q } : {}, { action: path, method: "get", replace: true, preventScrollReset: true });
    }, 250);
  };

  useEffect(() => {
    // Keep the box in step with the URL (back/forward), unless the shopper is typing in it.
    if (inputRef.current && document.activeElement !== inputRef.current) inputRef.current.value = search;
  }, [search]);

  useEffect(() => {
    // Letters typed before this code arrived reached the box but no onChange (React does not replay them
    // at hydration): search for them now, as if they had just been typed.
    const typed = inputRef.current?.value ?? search;
    if (document.activeElement === inputRef.current && typed !== search) searchAsTyped(typed);
    return () => clearTimeout(timer.current);
    // Once, at hydration; later changes come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pageHref = (n: number) => {
    const params = new URLSearchParams();
    if (search) params.set("q", search);
    if (n > 1) params.set("page", String(n));
    const query = params.toString();
    return `${pagePath}${query ? `?${query}` : ""}`;
  };

  return (
    <section id="shop" aria-labelledby="shop-heading" className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Heading id="shop-heading" className="text-2xl font-bold text-gray-900">
          {title}
        </Heading>
        <Form method="get" action={formAction} role="search" className="flex w-full gap-2 sm:w-96">
          <label htmlFor="shop-search" className="sr-only">
            Search medicines
          </label>
          <input
            ref={inputRef}
            id="shop-search"
            name="q"
            type="search"
            defaultValue={search}
            maxLength={100}
            placeholder="Search by name, brand or use"
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => searchAsTyped(event.currentTarget.value)}
            className="w-full rounded-lg border border-gray-300 px-3 py-2"
          />
          <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
            Search
          </button>
        </Form>
      </div>
      {categories && categories.length > 0 ? (
        <nav aria-label="Categories" className="mt-4">
          {/* One row that scrolls sideways on a phone, so the products stay near the top. */}
          <ul
            data-scroll-row=""
            className="-mx-4 flex gap-1.5 overflow-x-auto whitespace-nowrap px-4 pb-1 text-xs sm:mx-0 sm:flex-wrap sm:gap-2 sm:overflow-visible sm:whitespace-normal sm:px-0 sm:pb-0 sm:text-sm"
          >
            {categories.map((category) => (
              <li key={category.url} className="shrink-0">
                <CategoryChip category={category} current={category.url === currentCategoryUrl} />
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="mt-3 text-sm text-gray-600" aria-live="polite">
        {searching ? (
          "Searching…"
        ) : search && correctedTo && products.length > 0 ? (
          <DidYouMean search={search} correctedTo={correctedTo} path={pagePath} />
        ) : search ? (
          products.length === 0 ? (
            `No medicines match “${search}”.`
          ) : (
            `Results for “${search}”${page > 1 ? `, page ${page}` : ""}`
          )
        ) : page > 1 ? (
          `Page ${page}`
        ) : (
          ""
        )}
      </p>
      {search && products.length === 0 && page === 1 && !searching ? (
        <NothingFound
          search={search}
          categories={categories ?? emptyCategories ?? []}
          allMedicinesPath={currentCategoryUrl ? "/shop" : undefined}
        />
      ) : null}
      {products.length > 0 ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4" data-testid="product-grid">
          {products.map((product, index) => (
            // On its own page (search results, a category) the first row is the largest paint: not lazy.
            <ProductCard
              key={product.id}
              product={product}
              eager={headingLevel === "h1" && index < 2}
              titleLevel={headingLevel === "h1" ? "h2" : "h3"}
            />
          ))}
        </ul>
      ) : null}
      {page > 1 || hasMore ? (
        <nav aria-label="Pages" className="mt-6 flex justify-between">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} className="rounded-lg border border-gray-300 px-4 py-2">
              ← Previous
            </Link>
          ) : (
            <span />
          )}
          {hasMore ? (
            <Link to={pageHref(page + 1)} className="rounded-lg border border-gray-300 px-4 py-2">
              Next page →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
