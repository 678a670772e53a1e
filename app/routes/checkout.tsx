/**
 * /checkout: the delivery details page (the drawer's second step, for browsers without JavaScript) and the
 * action that turns the cart cookie into a recorded order, then sends the shopper to its status page.
 */
import { orNetworkFailure } from "~/lib/network-failure";
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useRouteLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { DeliveryForm, type CheckoutActionData } from "~/components/delivery-form";
import { formatNaira } from "~/lib/money";
import { checkoutSchema, checkoutSummary, fieldErrors } from "~/lib/validation";
import type { loader as rootLoader } from "~/root";
import { getOrderByIdempotencyKey, placeOrder, priceCart } from "~/models/order.server";
import { readCart, writeCart } from "~/services/cart.server";
import { removedFromCartNotice } from "~/services/cart-view.server";
import { getUser } from "~/services/session.server";

export const meta: MetaFunction = () => [
  { title: "Checkout | MediStore" },
  { name: "robots", content: "noindex" },
];

export const CHECKOUT_FAILED = "Failed to create order. Please try again.";
export const CHECKOUT_NETWORK_ERROR = "Something went wrong while processing your order. Please try again.";
export const EMPTY_CART_MESSAGE = "Your cart is empty. Add a medicine before checking out.";

function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of ["name", "email", "phone", "deliveryAddress"]) {
    const value = form.get(key);
    if (typeof value === "string") values[key] = value.slice(0, 1000);
  }
  return values;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { config, db } = context;
  const form = await request.formData().catch(() => null);
  if (!form) return data<CheckoutActionData>({ formError: CHECKOUT_FAILED }, { status: 400 });
  const values = formValues(form);
  const fail = (status: number, body: CheckoutActionData, headers?: HeadersInit) =>
    data<CheckoutActionData>({ values, ...body }, { status, headers });

  const idempotencyKey = form.get("idempotencyKey");
  if (typeof idempotencyKey !== "string" || !/^[A-Za-z0-9-]{16,64}$/.test(idempotencyKey)) {
    return fail(400, { formError: "This checkout form has expired. Please reload the page and try again." });
  }

  const parsed = checkoutSchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return fail(400, { errors, formError: checkoutSummary(errors) });
  }

  const emptyCart = await writeCart([], config);
  const toOrderPage = (accessToken: string) =>
    redirect(`/order/${accessToken}?placed=1`, { headers: { "Set-Cookie": emptyCart } });

  // A double click, a retry or back-and-resubmit carries the same key: show the order it already made.
  const existing = await getOrderByIdempotencyKey(db, idempotencyKey);
  if (existing) return toOrderPage(existing.accessToken);

  const cart = await readCart(request, config);
  const priced = await priceCart(db, cart);
  if (priced.missingIds.length > 0) {
    const kept = cart.filter((line) => !priced.missingIds.includes(line.productId));
    return fail(
      409,
      {
        formError: `${removedFromCartNotice(priced.missingIds.length)} Please review your cart and try again.`,
      },
      { "Set-Cookie": await writeCart(kept, config) },
    );
  }
  if (priced.lines.length === 0) return fail(400, { formError: EMPTY_CART_MESSAGE });

  try {
    // Placed while signed in: the order belongs to the account (never matched by e-mail later).
    const user = await getUser(request, context);
    const { order } = await placeOrder(db, {
      details: parsed.data,
      lines: priced.lines,
      idempotencyKey,
      userId: user?.id,
    });
    return toOrderPage(order.accessToken);
  } catch (error) {
    console.error("checkout failed", error);
    return fail(503, { formError: CHECKOUT_FAILED });
  }
}

/** With JavaScript a lost connection gets the spec's message instead of an error page. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  orNetworkFailure(() => serverAction<typeof action>(), { formError: CHECKOUT_NETWORK_ERROR });

export default function CheckoutPage() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const actionData = useActionData<CheckoutActionData>();
  const cart = root?.cart;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold text-gray-900">Delivery details</h1>
      {!cart || cart.lines.length === 0 ? (
        <div className="mt-4 rounded-lg border border-gray-200 p-4">
          <p>{actionData?.formError ?? EMPTY_CART_MESSAGE}</p>
          <Link to="/#shop" className="mt-3 inline-block text-brand-700 underline">
            Browse medicines
          </Link>
        </div>
      ) : (
        <>
          <section aria-labelledby="order-summary" className="mt-4 rounded-lg border border-gray-200 p-4">
            <h2 id="order-summary" className="font-semibold">
              Order summary
            </h2>
            <ul className="mt-2 space-y-1 text-sm">
              {cart.lines.map((line) => (
                <li key={line.productId} className="flex justify-between gap-2">
                  <span>
                    {line.name} × {line.qty}
                  </span>
                  <span>{formatNaira(line.lineTotalKobo)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-2 flex justify-between border-t pt-2 font-semibold">
              <span>Total</span>
              <span>{formatNaira(cart.subtotalKobo)}</span>
            </p>
            <Link to="/cart" className="mt-2 inline-block text-sm text-brand-700 underline">
              Edit cart
            </Link>
          </section>
          <div className="mt-6">
            <DeliveryForm
              checkoutKey={root.checkoutKey}
              defaults={root.deliveryDefaults}
              actionData={actionData}
            />
          </div>
        </>
      )}
    </main>
  );
}
