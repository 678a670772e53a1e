/**
 * The cart's lines and controls, shared by the drawer (JavaScript) and the /cart page (no JavaScript).
 * Every control is a real form posting to /cart; with JavaScript the submissions are queued instead.
 */
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { CartView } from "~/features/cart/cart-view";
import type { PrescriptionNeeds } from "~/features/checkout/prescription-needs";
import { PrescriptionNotice } from "./prescription-notice";
import { CART_MAX_QTY_PER_LINE, CART_MIN_QTY, clampTypedQty } from "~/features/cart/cart";
import { formatNaira } from "~/lib/money";
import { useHydrated } from "~/lib/use-hydrated";
import { optimisticQuantities } from "~/features/cart/intents";
import { useCartFormSubmit, useCartMutations } from "./cart-mutations";
import { OFFLINE_CART_MESSAGE } from "~/lib/offline-messages";
import { ProductThumb } from "./product-thumb";

type Props = {
  cart: CartView;
  /** Prescription-only items in the cart (said above the lines). */
  rx?: PrescriptionNeeds;
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

export function CartSummary({ cart, rx, redirectTo, onProceed, onContinue, onCleared }: Props) {
  const mutations = useCartMutations();
  const qtys = optimisticQuantities(mutations?.pending ?? [], cart.lines);
  const lines = cart.lines.filter((l) => qtys.has(l.productId));
  const subtotal = lines.reduce((sum, l) => sum + l.priceKobo * (qtys.get(l.productId) ?? l.qty), 0);
  const submit = useCartFormSubmit();
  const submitClear = useCartFormSubmit(() => onCleared?.());
  const empty = lines.length === 0;

  return (
    <div className="flex flex-col gap-4">
      <p className="offline-note rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {OFFLINE_CART_MESSAGE}
      </p>
      {cart.removedNotice ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {cart.removedNotice}
        </p>
      ) : null}
      {empty ? null : <PrescriptionNotice rx={rx} />}
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
                  <p className="break-words font-medium text-gray-900">
                    <Link to={line.url} className="hover:underline">
                      {line.name}
                    </Link>
                  </p>
                  {rx?.items.some((item) => item.productId === line.productId) ? (
                    <p className="text-xs font-semibold text-amber-800">Prescription required</p>
                  ) : null}
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

/** What the box says when a typed quantity is not one the cart can hold. */
export const QTY_RANGE_MESSAGE = `Please enter a whole number from ${CART_MIN_QTY} to ${CART_MAX_QTY_PER_LINE}.`;

/** A typed quantity the cart holds as it is: a whole number from 1 to 99. */
const isCartQty = (text: string) => /^\d+$/.test(text) && clampTypedQty(text) === Number(text);

/**
 * Typed quantity. Without JavaScript: the browser's own checks, then its Update button. With JavaScript:
 * sent after a pause or when the box is left; a number the cart cannot hold (0, −3, 2.5, 150) gets our
 * message and becomes the nearest one it can (1, 1, 2, 99), the same rule as the server's, so the box
 * always shows what the cart holds. Empty is mid-typing until the box is left, then 1.
 */
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
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [text, setText] = useState(String(qty));
  /** Our message stays after the box is put right, saying why it changed, until the next change. */
  const [problem, setProblem] = useState(false);
  const submit = useCartFormSubmit();
  const inputId = `qty-${productId}`;
  const messageId = `${inputId}-message`;
  useEffect(() => {
    // Follow changes made elsewhere (+/−, the server) unless the shopper is typing here.
    if (document.activeElement !== inputRef.current) setText(String(qty));
  }, [qty]);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Puts the nearest quantity the cart holds in the box and sends it, if it changes the cart. */
  function settle(input: HTMLInputElement) {
    clearTimeout(timer.current);
    const next = String(clampTypedQty(input.value));
    // The form is read from the DOM at once: set the box itself as well as the state.
    input.value = next;
    setText(next);
    if (Number(next) !== qty) input.form?.requestSubmit();
  }

  return (
    <>
      <form
        method="post"
        action="/cart"
        onSubmit={submit}
        // With JavaScript the checks are ours (and say so); no browser bubble on a form it submits itself.
        noValidate={hydrated}
        className="flex items-center gap-1"
      >
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
          min={CART_MIN_QTY}
          max={CART_MAX_QTY_PER_LINE}
          step={1}
          value={text}
          aria-invalid={(text !== "" && !isCartQty(text)) || undefined}
          aria-describedby={problem ? messageId : undefined}
          onChange={(event) => {
            const input = event.currentTarget;
            setText(input.value);
            if (!mutations) return;
            clearTimeout(timer.current);
            // An empty box is mid-typing: wait until it is left, where empty becomes 1.
            if (input.value === "") return setProblem(false);
            setProblem(!isCartQty(input.value));
            timer.current = setTimeout(() => settle(input), 600);
          }}
          onBlur={(event) => {
            if (mutations) settle(event.currentTarget);
          }}
          className="h-8 w-14 rounded border border-gray-300 text-center aria-invalid:border-red-600"
        />
        <noscript>
          <button type="submit" className="rounded border border-gray-300 px-2 py-1 text-sm">
            Update
          </button>
        </noscript>
      </form>
      {problem ? (
        <p id={messageId} role="alert" className="basis-full text-sm text-red-700">
          {QTY_RANGE_MESSAGE}
        </p>
      ) : null}
    </>
  );
}
