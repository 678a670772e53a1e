/**
 * The cart drawer (spec 2): a modal <dialog> from the right. The native dialog gives Escape, a focus trap
 * and focus return for free. Views: the cart, then the delivery details form.
 */
import { useLocation } from "@remix-run/react";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import type { CartView } from "~/lib/cart-view";
import { CartSummary } from "./cart-summary";
import { DeliveryForm, type DeliveryDefaults } from "./delivery-form";
import { CloseIcon } from "./icons";

type DrawerControls = { open: () => void; close: () => void };
const DrawerContext = createContext<DrawerControls | null>(null);

/** null before hydration: callers then fall back to plain links (/cart). */
export const useCartDrawer = () => useContext(DrawerContext);

export function CartDrawerProvider({
  cart,
  checkoutKey,
  defaults,
  children,
}: {
  cart: CartView;
  checkoutKey: string;
  defaults?: DeliveryDefaults;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [view, setView] = useState<"cart" | "details">("cart");
  const location = useLocation();

  const open = useCallback(() => {
    setView("cart");
    dialogRef.current?.showModal();
  }, []);
  const close = useCallback(() => dialogRef.current?.close(), []);

  // Any navigation (a link in the drawer, the order page after checkout) closes it.
  useEffect(() => close(), [location.key, close]);

  const controls = useMemo(() => ({ open, close }), [open, close]);
  const redirectTo = location.pathname + location.search;

  return (
    <DrawerContext.Provider value={controls}>
      {children}
      <dialog
        ref={dialogRef}
        className="drawer bg-white shadow-xl"
        aria-labelledby="cart-drawer-title"
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) close();
        }}
      >
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
            {view === "cart" ? (
              <CartSummary
                cart={cart}
                redirectTo={redirectTo}
                onProceed={() => setView("details")}
                onContinue={close}
                onCleared={close}
              />
            ) : (
              <DeliveryForm checkoutKey={checkoutKey} defaults={defaults} onBack={() => setView("cart")} />
            )}
          </div>
        </div>
      </dialog>
    </DrawerContext.Provider>
  );
}
