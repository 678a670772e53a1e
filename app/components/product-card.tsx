import { useLocation } from "@remix-run/react";
import { formatNaira } from "~/lib/money";
import { useCartFormSubmit } from "./cart-mutations";
import { showToast } from "./toaster";
import { ProductThumb } from "./product-thumb";
import type { ProductCardData } from "~/features/catalogue/product-view";

/** Add to cart: a real form; with JavaScript it is queued and the toast shows at once. */
export function AddToCartForm({ product, className = "" }: { product: ProductCardData; className?: string }) {
  const location = useLocation();
  const onSubmit = useCartFormSubmit(() =>
    showToast({ type: "success", message: `${product.name} added to cart` }),
  );
  return (
    <form method="post" action="/cart" onSubmit={onSubmit} className={className}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        className="w-full rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 active:bg-brand-800"
        // The visible words start the accessible name (WCAG "label in name"); the product follows.
        aria-label={`Add to cart: ${product.name}`}
      >
        Add to cart
      </button>
    </form>
  );
}

export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white">
      <ProductThumb src={product.imageUrl} eager={eager} className="aspect-square w-full" />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="text-sm font-semibold leading-snug text-gray-900">{product.name}</h3>
        <p className="text-xs text-gray-600">{product.category}</p>
        <p className="mt-auto pt-1 font-bold text-gray-900">{formatNaira(product.priceKobo)}</p>
        <AddToCartForm product={product} className="mt-1" />
      </div>
    </li>
  );
}
