/**
 * /checkout: the delivery details page (the drawer's second step, for browsers without JavaScript) and the
 * action that turns the cart cookie into a recorded order, then sends the shopper to its status page.
 */
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Link,
  useActionData,
  useLoaderData,
  useRouteLoaderData,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { DeliveryForm, QUOTE_INTENT } from "~/components/delivery-form";
import { deliveryTable, UNKNOWN_STATE } from "~/features/delivery/delivery.server";
import { isNigerianState } from "~/lib/nigeria";
import { keepWhenOffline } from "~/components/kept-forms";
import { isNetworkFailure } from "~/lib/network-failure";
import { checkoutCart } from "~/features/checkout/checkout.server";
import { ownerDeviceCookie } from "~/features/orders/track.server";
import { payOnlineNow } from "~/features/payments/payments.server";
import { CHECKOUT_FAILED, CHECKOUT_NETWORK_ERROR, EMPTY_CART_MESSAGE } from "~/features/checkout/messages";
import { AppError, type FormFailure } from "~/lib/app-error";
import { formValues, handleForm, pageHeaders } from "~/services/http.server";
import { readFormWithImage } from "~/services/uploads.server";
import { formatNaira } from "~/lib/money";
import type { loader as rootLoader } from "~/root";

/** A refusal's Retry-After (rate limits) reaches the browser too. */
export const headers = pageHeaders;

export const meta: MetaFunction = () => [
  { title: "Checkout | MediStore" },
  { name: "robots", content: "noindex" },
];

/** The fee table: the state picker shows each state's fee and time, without JavaScript too. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { fees, freeThresholdKobo } = await deliveryTable(context);
  return {
    fees: fees.map(({ state, feeKobo, daysMin, daysMax }) => ({ state, feeKobo, daysMin, daysMax })),
    freeThresholdKobo,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // A form with a prescription photo comes as multipart, size-limited before it is read.
  const read = await readFormWithImage(request).catch((error: unknown) => error);
  const form = read instanceof FormData ? read : null;
  const values = formValues(form, [
    "name",
    "email",
    "phone",
    "deliveryAddress",
    "deliveryState",
    "paymentMethod",
    "updatesBy",
    "prescriptionId",
  ]);
  return handleForm(
    async () => {
      if (read instanceof AppError) throw read;
      if (!form) throw new AppError(400, CHECKOUT_FAILED);
      if (form.get("intent") === QUOTE_INTENT) {
        // "Show my total" without JavaScript: nothing is ordered; the page shows the total for this state.
        if (!isNigerianState(values.deliveryState))
          throw new AppError(400, UNKNOWN_STATE, { deliveryState: UNKNOWN_STATE });
        return { values };
      }
      const { order, setCookie } = await checkoutCart(request, context, form);
      const headers = new Headers({ "Set-Cookie": setCookie });
      // This browser is the order's owner: /track never locks it out of finding the order again.
      headers.append("Set-Cookie", await ownerDeviceCookie(request, context, order.orderRef));
      // Paid online: straight to the gateway's page, which sends the shopper back to the order page. If
      // the gateway cannot be reached, the order page offers to pay again (or another way to pay).
      const payment = await payOnlineNow(request, context, order);
      return redirect(payment ?? `/order/${order.accessToken}?placed=1`, { headers });
    },
    { values, unexpected: CHECKOUT_FAILED },
  );
}

/** With JavaScript a form that cannot reach the server is kept on the phone and sent later (kept-forms.tsx). */
export const clientAction = ({ serverAction, request }: ClientActionFunctionArgs) =>
  keepWhenOffline("checkout", request, () => serverAction<typeof action>(), {
    formError: CHECKOUT_NETWORK_ERROR,
  });

/** An order kept on the phone (never sent) changed nothing: the fee table is not re-read offline. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isNetworkFailure(actionResult) ? false : defaultShouldRevalidate;

export default function CheckoutPage() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const actionData = useActionData<FormFailure>();
  const { fees, freeThresholdKobo } = useLoaderData<typeof loader>();
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
                  <span className="min-w-0 break-words">
                    {line.name} × {line.qty}
                  </span>
                  <span className="shrink-0">{formatNaira(line.lineTotalKobo)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-2 flex justify-between border-t border-gray-200 pt-2 font-semibold">
              <span>Subtotal</span>
              <span>{formatNaira(cart.subtotalKobo)}</span>
            </p>
            <p className="mt-1 text-sm text-gray-700">
              {freeThresholdKobo !== null && cart.subtotalKobo >= freeThresholdKobo
                ? "Delivery: free."
                : "Delivery: by state; your total shows once you choose your state below."}
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
              rx={root.rx}
              signedIn={Boolean(root.user)}
              fees={fees}
              freeThresholdKobo={freeThresholdKobo}
              subtotalKobo={cart.subtotalKobo}
            />
          </div>
        </>
      )}
    </main>
  );
}
