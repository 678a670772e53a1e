/**
 * The cart drawer: a modal <dialog> from the right. The native dialog gives Escape, a focus trap
 * and focus return for free. Views: the cart, then the delivery details form. Their code is fetched when
 * the drawer is first wanted, not with every page: the shop's first load stays small.
 */
import { useLocation } from "@remix-run/react";
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import type { CartView } from "~/features/cart/cart-view";
import type { PrescriptionNeeds } from "~/features/checkout/prescription-needs";
import type { DeliveryDefaults } from "./delivery-form";

// The drawer's insides (its header, the cart, the delivery form) load when it is first wanted.
const loadBody = () => import("./cart-drawer-body");
const DrawerBody = lazy(() => loadBody().then((m) => ({ default: m.DrawerBody })));

/** Starts fetching the drawer's code (on the first touch of the cart button, before the click lands). */
export function preloadCartDrawer() {
  void loadBody().then((m) => m.preloadDrawerViews());
}

type DrawerControls = { open: () => void; close: () => void };
const DrawerContext = createContext<DrawerControls | null>(null);

/** The drawer's controls; the cart button uses them once the page is interactive. */
export const useCartDrawer = () => useContext(DrawerContext);

export function CartDrawerProvider({
  cart,
  checkoutKey,
  defaults,
  rx,
  signedIn = false,
  children,
}: {
  cart: CartView;
  checkoutKey: string;
  defaults?: DeliveryDefaults;
  rx?: PrescriptionNeeds;
  signedIn?: boolean;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [view, setView] = useState<"cart" | "details">("cart");
  const [wanted, setWanted] = useState(false);
  const location = useLocation();

  const open = useCallback(() => {
    setWanted(true);
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
        {wanted ? (
          <Suspense fallback={<p className="p-6 text-center text-gray-600">Loading your cart…</p>}>
            <DrawerBody
              view={view}
              setView={setView}
              close={close}
              cart={cart}
              rx={rx}
              redirectTo={redirectTo}
              checkoutKey={checkoutKey}
              defaults={defaults}
              signedIn={signedIn}
            />
          </Suspense>
        ) : null}
      </dialog>
    </DrawerContext.Provider>
  );
}
