/** The cart drawer's insides: its header, then the cart or the delivery details (cart-drawer.tsx). */
import { lazy, Suspense } from "react";
import type { CartView } from "~/features/cart/cart-view";
import type { PrescriptionNeeds } from "~/features/checkout/prescription-needs";
import type { DeliveryDefaults } from "./delivery-form";
import { CloseIcon } from "./icons";

const loadSummary = () => import("./cart-summary");
const loadDeliveryForm = () => import("./delivery-form");
const CartSummary = lazy(() => loadSummary().then((m) => ({ default: m.CartSummary })));
const DeliveryForm = lazy(() => loadDeliveryForm().then((m) => ({ default: m.DeliveryForm })));

export function preloadDrawerViews() {
  void loadSummary();
  void loadDeliveryForm();
}

export function DrawerBody({
  view,
  setView,
  close,
  cart,
  rx,
  redirectTo,
  checkoutKey,
  defaults,
  signedIn,
}: {
  view: "cart" | "details";
  setView: (view: "cart" | "details") => void;
  close: () => void;
  cart: CartView;
  rx?: PrescriptionNeeds;
  redirectTo: string;
  checkoutKey: string;
  defaults?: DeliveryDefaults;
  signedIn: boolean;
}) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
        <h2 id="cart-drawer-title" className="text-lg font-semibold">
          {view === "cart" ? "Your cart" : "Delivery details"}
        </h2>
        <button
          type="button"
          onClick={close}
          className="rounded p-1 text-gray-600 hover:bg-gray-100"
          aria-label="Close cart"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto px-4 py-4">
        <Suspense fallback={<p className="py-6 text-center text-gray-600">Loading your cart…</p>}>
          {view === "cart" ? (
            <CartSummary
              cart={cart}
              rx={rx}
              redirectTo={redirectTo}
              onProceed={() => setView("details")}
              onContinue={close}
              onCleared={close}
            />
          ) : (
            <DeliveryForm
              checkoutKey={checkoutKey}
              defaults={defaults}
              rx={rx}
              signedIn={signedIn}
              subtotalKobo={cart.subtotalKobo}
              onBack={() => setView("cart")}
            />
          )}
        </Suspense>
      </div>
    </div>
  );
}
