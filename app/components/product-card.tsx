import { Link, useLocation } from "@remix-run/react";
import { formatNaira } from "~/lib/money";
import { useCartFormSubmit } from "./cart-mutations";
import { showToast } from "./toaster";
import { useDataSaver } from "./data-saver";
import { ProductThumb } from "./product-thumb";
import { OUT_OF_STOCK, productPath, type ProductCardData } from "~/features/catalogue/product-view";
import { ClassBadge, StockNote } from "./product-badges";

/** The id of a product's card in the grid: the fragment Add to cart returns to without JavaScript. */
export const productCardId = (productId: number) => `product-${productId}`;

/**
 * Add to cart: a real form; with JavaScript it is queued and the toast shows at once, away from the
 * button. Without JavaScript the server redirects back to this page, at `anchor` (the card's id), so the
 * shopper is not thrown back to the top of the grid. An out-of-stock product gets no button at all (the
 * server refuses it too).
 */
export function AddToCartForm({
  product,
  anchor,
  className = "",
}: {
  product: Pick<ProductCardData, "id" | "name" | "inStock">;
  anchor: string;
  className?: string;
}) {
  const location = useLocation();
  const onSubmit = useCartFormSubmit(() => {
    // Offline the change is kept, and the cart says so (cart-mutations.tsx): not "added" beside it.
    if (navigator.onLine) showToast({ type: "success", message: `${product.name} added to cart` });
  });
  if (!product.inStock) {
    return (
      <p
        className={`w-full rounded-lg border border-gray-300 bg-gray-100 px-3 py-2 text-center text-sm font-semibold text-gray-700 ${className}`}
      >
        {OUT_OF_STOCK}
      </p>
    );
  }
  return (
    <form method="post" action="/cart" onSubmit={onSubmit} className={className}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}#${anchor}`} />
      <button
        type="submit"
        className="add-to-cart-button"
        // The visible words start the accessible name (WCAG "label in name"); the product follows.
        aria-label={`Add to cart: ${product.name}`}
      >
        Add to cart
      </button>
    </form>
  );
}

export function ProductCard({
  product,
  eager = false,
  titleLevel: Title = "h3",
}: {
  product: ProductCardData;
  eager?: boolean;
  /** One level below the grid's own heading, so that headings never skip a level. */
  titleLevel?: "h2" | "h3";
}) {
  const id = productCardId(product.id);
  const url = productPath(product);
  const dataSaver = useDataSaver();
  return (
    <li
      id={id}
      // The first cards of a results page are in view at once: rendering them in a later frame would only
      // move their layout after the first paint.
      // Its parts are styled by .product-card (styles/site.css), written once rather than on every card.
      className={eager ? "product-card" : "product-card render-near-view"}
    >
      {/* The picture is no link of its own: the name's link covers the whole card (styles/site.css). */}
      {dataSaver ? (
        // Data saver: a light band with the name instead of the picture.
        <span
          aria-hidden
          className="flex h-16 items-center justify-center bg-brand-50 px-2 text-center text-xs font-semibold text-brand-700"
        >
          {product.name}
        </span>
      ) : (
        <ProductThumb src={product.imageUrl} eager={eager} />
      )}
      <div>
        <Title>
          <Link to={url}>{product.name}</Link>
        </Title>
        <p>{product.category}</p>
        <ClassBadge medicineClass={product.medicineClass} />
        <p className="card-price">{formatNaira(product.priceKobo)}</p>
        {product.inStock ? <StockNote stock={product} /> : null}
        <AddToCartForm product={product} anchor={id} />
      </div>
    </li>
  );
}
