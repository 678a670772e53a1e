/**
 * The cart's lines and controls, shared by the drawer (JavaScript) and the /cart page (no JavaScript).
 * Every control is a real form posting to /cart; with JavaScript the submissions are queued instead.
 */
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { CartView } from "~/features/cart/cart-view";
import { CART_MAX_QTY_PER_LINE } from "~/features/cart/cart";
import { formatNaira } from "~/lib/money";
import { optimisticQuantities } from "~/features/cart/intents";
import { useCartFormSubmit, useCartMutations } from "./cart-mutations";
import { ProductThumb } from "./product-thumb";

type Props = {
  cart: CartView;
  /** Where the server sends a browser without JavaScript after a change. */
  redirectTo: string;
  /** In the drawer: switch to the delivery form instead of following the link. */
  onProceed?: () => void;
  onContinue?: () => void;
  onCleared?: () => void;
};

function Hidden({
  redirectTo,
  productId,
  intent,
}: {
  redirectTo: string;
  productId?: number;
  intent: string;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {productId !== undefined ? <input type="hidden" name="productId" value={productId} /> : null}
    </>
  );
}

export function CartSummary({ cart, redirectTo, onProceed, onContinue, onCleared }: Props) {
  const mutations = useCartMutations();
  const qtys = optimisticQuantities(mutations?.pending ?? [], cart.lines);
  const lines = cart.lines.filter((l) => qtys.has(l.productId));
  const subtotal = lines.reduce((sum, l) => sum + l.priceKobo * (qtys.get(l.productId) ?? l.qty), 0);
  const submit = useCartFormSubmit();
  const submitClear = useCartFormSubmit(() => onCleared?.());
  const empty = lines.length === 0;

  return (
    <div className="flex flex-col gap-4">
      {cart.removedNotice ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {cart.removedNotice}
        </p>
      ) : null}
      {empty ? (
        <p className="py-6 text-center text-gray-600">Your cart is empty.</p>
      ) : (
        <ul className="divide-y divide-gray-200" aria-label="Cart items">
          {lines.map((line) => {
            const qty = qtys.get(line.productId) ?? line.qty;
            return (
              <li key={line.productId} className="flex gap-3 py-3">
                <ProductThumb src={line.imageUrl} size={56} className="h-14 w-14 rounded" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-gray-900">{line.name}</p>
                  <p className="text-sm text-gray-600">
                    {formatNaira(line.priceKobo)} each ·{" "}
                    <span className="font-medium text-gray-900">{formatNaira(line.priceKobo * qty)}</span>
                  </p>
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    <StepButton line={line} qty={qty} step={-1} redirectTo={redirectTo} />
                    <QtyInput
                      lineName={line.name}
                      productId={line.productId}
                      qty={qty}
                      redirectTo={redirectTo}
                    />
                    <StepButton line={line} qty={qty} step={1} redirectTo={redirectTo} />
                    <form method="post" action="/cart" onSubmit={submit}>
                      <Hidden intent="remove" redirectTo={redirectTo} productId={line.productId} />
                      <button
                        type="submit"
                        className="text-sm text-red-700 underline"
                        aria-label={`Remove ${line.name}`}
                      >
                        Remove
                      </button>
                    </form>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex items-center justify-between border-t border-gray-200 pt-3 text-base">
        <span className="text-gray-700">Subtotal</span>
        <span className="font-semibold text-gray-900" data-testid="cart-subtotal">
          {formatNaira(subtotal)}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-2">
        {onProceed ? (
          <button
            type="button"
            onClick={onProceed}
            disabled={empty}
            className="col-span-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-50"
          >
            Proceed to Checkout
          </button>
        ) : empty ? (
          <button
            type="button"
            disabled
            className="col-span-2 cursor-not-allowed rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white opacity-50"
          >
            Proceed to Checkout
          </button>
        ) : (
          <Link
            to="/checkout"
            className="col-span-2 rounded-lg bg-brand-700 px-4 py-2.5 text-center font-semibold text-white"
          >
            Proceed to Checkout
          </Link>
        )}
        <form method="post" action="/cart" onSubmit={submitClear} className={onContinue ? "" : "col-span-2"}>
          <Hidden intent="clear" redirectTo={redirectTo} />
          <button
            type="submit"
            disabled={empty}
            className="w-full rounded-lg border border-gray-300 px-4 py-2.5 font-medium text-gray-800 disabled:opacity-50"
          >
            Clear
          </button>
        </form>
        {onContinue ? (
          <button
            type="button"
            onClick={onContinue}
            className="rounded-lg border border-gray-300 px-4 py-2.5 font-medium text-gray-800"
          >
            Continue
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** − and +: each posts the absolute quantity it leads to, so repeated taps never double count. */
function StepButton({
  line,
  qty,
  step,
  redirectTo,
}: {
  line: { name: string; productId: number };
  qty: number;
  step: 1 | -1;
  redirectTo: string;
}) {
  const submit = useCartFormSubmit();
  const next = Math.min(CART_MAX_QTY_PER_LINE, Math.max(1, qty + step));
  return (
    <form method="post" action="/cart" onSubmit={submit}>
      <Hidden intent="set" redirectTo={redirectTo} productId={line.productId} />
      <button
        type="submit"
        name="qty"
        value={next}
        disabled={next === qty}
        aria-label={`${step < 0 ? "Decrease" : "Increase"} quantity of ${line.name}`}
        className="h-8 w-8 rounded border border-gray-300 text-lg leading-none disabled:opacity-40"
      >
        {step < 0 ? "−" : "+"}
      </button>
    </form>
  );
}

/** Typed quantity: submits on change (after a pause) with JavaScript, with its Update button without. */
function QtyInput({
  lineName,
  productId,
  qty,
  redirectTo,
}: {
  lineName: string;
  productId: number;
  qty: number;
  redirectTo: string;
}) {
  const mutations = useCartMutations();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [text, setText] = useState(String(qty));
  const submit = useCartFormSubmit();
  const inputId = `qty-${productId}`;
  useEffect(() => {
    // Follow changes made elsewhere (+/−, the server) unless the shopper is typing here.
    if (document.activeElement !== inputRef.current) setText(String(qty));
  }, [qty]);
  return (
    <form method="post" action="/cart" onSubmit={submit} className="flex items-center gap-1">
      <Hidden intent="set" redirectTo={redirectTo} productId={productId} />
      <label htmlFor={inputId} className="sr-only">
        Quantity of {lineName}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        name="qty"
        type="number"
        inputMode="numeric"
        min={1}
        max={CART_MAX_QTY_PER_LINE}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (!mutations) return;
          const form = event.currentTarget.form;
          clearTimeout(timer.current);
          // An empty box is mid-typing: wait for blur, where empty becomes 1.
          if (event.currentTarget.value === "") return;
          timer.current = setTimeout(() => form?.requestSubmit(), 600);
        }}
        onBlur={(event) => {
          clearTimeout(timer.current);
          if (!mutations) return;
          if (event.currentTarget.value === "") setText("1");
          if (Number(event.currentTarget.value || 1) !== qty) event.currentTarget.form?.requestSubmit();
        }}
        className="h-8 w-14 rounded border border-gray-300 text-center"
      />
      <noscript>
        <button type="submit" className="rounded border border-gray-300 px-2 py-1 text-sm">
          Update
        </button>
      </noscript>
    </form>
  );
}
