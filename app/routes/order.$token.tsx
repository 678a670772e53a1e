/**
 * /order/$token: an order's private status page. The unguessable token in the URL is the only key (it is
 * shown after checkout and sent in the WhatsApp message), so the page is never cached or indexed.
 */
import {
  data,
  redirect,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ActionFunctionArgs,
} from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
  useSearchParams,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { StatusBadge } from "~/components/status-badge";
import { WhatsAppIcon } from "~/components/icons";
import { formatNaira } from "~/lib/money";
import { deliveryFeeLabel } from "~/features/delivery/delivery-view";
import { PAYMENT_METHOD, PAYMENT_STATUS } from "~/lib/vocabularies";
import type { loader as rootLoader } from "~/root";
import { sendPendingWindowTo } from "~/lib/whatsapp-window";
import {
  cancelOwnOrder,
  ORDER_CANCELLED_BY_YOU,
  ORDER_LINK_UNKNOWN,
  orderStatusPage,
  PAY_ON_DELIVERY_CHOSEN,
} from "~/features/orders/orders.server";
import type { FormFailure } from "~/lib/app-error";
import {
  payOnDeliveryWithLink,
  paymentPanel,
  payWithLink,
  refreshPayment,
} from "~/features/payments/payments.server";
import { redirectWithToast, toastCookie } from "~/services/toast.server";
import { orderAgain } from "~/features/cart/reorder.server";
import { handleIntents, handlePage } from "~/services/http.server";
import { OrderTimeline } from "~/components/order-timeline";
import { LocalTime } from "~/components/local-time";
import { ProductThumb } from "~/components/product-thumb";
import { ReviewBadge } from "~/components/review-badge";
import {
  RECEIPT_FIELD,
  receiptUrlForToken,
  onlineRefundNote,
  refundNote,
  reviewSummary,
  type OnlineRefund,
  type OrderView,
} from "~/features/orders/order-view";
import { RECEIPT_UPLOADED, takesReceipt, uploadReceiptWithLink } from "~/features/orders/receipts.server";
import { nextStatuses } from "~/features/orders/order-state";
import { readMultipart } from "~/services/uploads.server";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/image-type";
import { FormError } from "~/components/form-field";
import { PREPARING_PHOTO, usePhotoShrinker } from "~/components/photo-input";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order ${data.order.orderRef} | MediStore` : "Order not found | MediStore" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  let page = await handlePage(() => orderStatusPage(request, context, token));
  // Back from the gateway's page (or looking again): the server asks the gateway, never the browser.
  if (await refreshPayment(context, page.order))
    page = await handlePage(() => orderStatusPage(request, context, token));
  const payment = await paymentPanel(context, page.order);
  // Only an order paid into our account, and not paid yet, shows where to pay.
  const { paymentMethod, paymentStatus } = page.order;
  const bank =
    PAYMENT_METHOD.entry(paymentMethod).takesReceipt &&
    !PAYMENT_STATUS.entry(paymentStatus).settled &&
    page.order.deliveryStatus !== "Cancelled"
      ? context.config.bank
      : null;
  const receipt = {
    url: page.order.receiptUploadedAt ? receiptUrlForToken(page.order.accessToken) : null,
    canUpload: takesReceipt(page.order),
  };
  return data({ ...page, bank, receipt, payment }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * The shopper's forms: cancel the order while it is still Pending, order the same again, and send a bank
 * transfer receipt (the link is the key, as for viewing it).
 */
export async function action({ params, request, context }: ActionFunctionArgs) {
  // The token goes back into a Location header: anything but a token's shape is simply not an order.
  if (!/^[A-Za-z0-9_-]{32,64}$/.test(params.token ?? ""))
    throw data({ message: ORDER_LINK_UNKNOWN }, { status: 404 });
  const token = params.token!;
  const back = `/order/${token}`;
  // A refusal of a button is a toast on the page; the receipt's is said beside its form.
  const toast = { to: back, config: context.config };
  // The receipt photo is the one multipart form here: its size is checked before it is read.
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    return handleIntents(
      () => readMultipart(request),
      {
        receipt: {
          run: async (form) => {
            await uploadReceiptWithLink(request, context, token, form);
            return redirectWithToast(back, { type: "success", message: RECEIPT_UPLOADED }, context.config);
          },
        },
      },
      { fallback: "receipt", notFoundPage: true },
    );
  }
  return handleIntents(
    await request.formData().catch(() => null),
    {
      reorder: {
        toast,
        run: async () => {
          const again = await orderAgain(request, context, token);
          const headers = new Headers();
          headers.append("Set-Cookie", again.setCookie);
          headers.append(
            "Set-Cookie",
            await toastCookie(context.config, {
              type: again.added > 0 ? "success" : "error",
              message: again.message,
            }),
          );
          return redirect(again.added > 0 ? "/cart" : back, { headers });
        },
      },
      pay: {
        toast,
        // To the gateway's page; it sends the shopper back here.
        run: async () => redirect(await payWithLink(request, context, token)),
      },
      "pay-on-delivery": {
        toast,
        run: async () => {
          await payOnDeliveryWithLink(request, context, token);
          return redirectWithToast(
            back,
            { type: "success", message: PAY_ON_DELIVERY_CHOSEN },
            context.config,
          );
        },
      },
      cancel: {
        toast,
        run: async () => {
          await cancelOwnOrder(request, context, token);
          return redirectWithToast(
            back,
            { type: "success", message: ORDER_CANCELLED_BY_YOU },
            context.config,
          );
        },
      },
    },
    { notFoundPage: true },
  );
}

export default function OrderStatusPage() {
  const { order, statusUrl, whatsappUrl, prescriptionUrl, bank, receipt, payment, refund } =
    useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  // The receipt's refusal is said beside its form; anything else (a form the page does not have) on top.
  const receiptError = failure?.values?.intent === "receipt" ? failure.formError : undefined;
  const formError = failure?.values?.intent === "receipt" ? undefined : failure?.formError;
  const timeline = order.timeline;
  const [params] = useSearchParams();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const justPlaced = params.get("placed") === "1";
  const cancelled = order.deliveryStatus === "Cancelled";
  // Money that reached us (or a receipt saying so) for an order we will not deliver goes back.
  const refundDue =
    cancelled &&
    PAYMENT_METHOD.entry(order.paymentMethod).takesReceipt &&
    (order.receiptUploadedAt !== null || PAYMENT_STATUS.entry(order.paymentStatus).settled);
  const [openedWhatsApp, setOpenedWhatsApp] = useState(false);
  // An order to be paid online leads with paying; WhatsApp stays at hand, second.
  const payFirst = payment?.payable === true;

  useEffect(() => {
    if (justPlaced) setOpenedWhatsApp(sendPendingWindowTo(whatsappUrl));
  }, [justPlaced, whatsappUrl]);

  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-8">
      <FormError message={formError} />
      {justPlaced ? (
        <div role="status" className="mb-6 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
          <p className="font-semibold">Thank you! Your order {order.orderRef} has been recorded.</p>
          <p className="mt-1 text-sm">
            {payFirst
              ? "Pay for it below: we prepare it as soon as the payment reaches us."
              : openedWhatsApp
                ? "WhatsApp opened in a new tab with your order. Press send there so the pharmacy can confirm it."
                : "Send it to the pharmacy on WhatsApp so they can confirm it and arrange delivery."}
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-gray-900">Order #{order.orderRef}</h1>
        <span className="flex flex-wrap gap-1">
          <StatusBadge status={order.deliveryStatus} />
          <ReviewBadge status={order.reviewStatus} />
        </span>
      </div>
      <p className="mt-1 text-sm text-gray-600">
        Placed <LocalTime ms={order.createdAt} />
      </p>

      <PrescriptionReviewPanel order={order} prescriptionUrl={prescriptionUrl} />

      <OnlinePaymentPanel order={order} payment={payment} refund={refund} />

      {cancelled ? (
        <CancelledNotice
          orderRef={order.orderRef}
          refund={refundDue}
          phone={root?.store.phone}
          email={root?.store.email}
        />
      ) : payFirst ? (
        <p className="mt-3 text-sm text-gray-700">
          Questions before you pay?{" "}
          <a
            href={whatsappUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-700 underline"
          >
            Send order on WhatsApp
          </a>
        </p>
      ) : (
        // A cancelled order is not sent to the pharmacy any more.
        <a
          href={whatsappUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-5 inline-flex items-center gap-2 rounded-lg bg-green-700 px-4 py-2.5 font-semibold text-white"
        >
          <WhatsAppIcon className="h-5 w-5" /> Send order on WhatsApp
        </a>
      )}

      <section aria-labelledby="items-heading" className="mt-6">
        <h2 id="items-heading" className="text-lg font-semibold">
          Items
        </h2>
        <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200">
          {order.items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 p-3">
              <ProductThumb src={item.imageUrl} size={48} eager className="h-12 w-12 shrink-0 rounded" />
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium">{item.name}</p>
                <p className="text-sm text-gray-600">
                  Qty: {item.quantity} × {formatNaira(item.unitPriceKobo)}
                </p>
              </div>
              <p className="shrink-0 font-medium">{formatNaira(item.unitPriceKobo * item.quantity)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-gray-200 pt-3 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatNaira(order.subtotalKobo)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt>Delivery{order.deliveryState ? ` to ${order.deliveryState}` : ""}</dt>
            <dd data-testid="order-delivery-fee">{deliveryFeeLabel(order.deliveryFeeKobo)}</dd>
          </div>
          <div className="flex justify-between text-lg font-semibold">
            <dt>Total</dt>
            <dd data-testid="order-total">
              {formatNaira(order.totalKobo)}
              {order.deliveryFeeKobo === null ? " + delivery" : ""}
            </dd>
          </div>
          <div className="flex justify-between gap-3 text-gray-700">
            <dt>Payment</dt>
            <dd className="text-right">
              {PAYMENT_METHOD.label(order.paymentMethod)} · {PAYMENT_STATUS.label(order.paymentStatus)}
            </dd>
          </div>
          {receipt.url && order.receiptUploadedAt ? (
            <div className="flex justify-between gap-3 text-gray-700">
              <dt>Transfer receipt</dt>
              <dd className="text-right" data-testid="order-receipt">
                Uploaded <LocalTime ms={order.receiptUploadedAt} /> ·{" "}
                <a href={receipt.url} target="_blank" rel="noopener noreferrer" className="underline">
                  View
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="timeline-heading" className="mt-6">
        <h2 id="timeline-heading" className="text-lg font-semibold">
          Status history
        </h2>
        <div className="mt-2">
          <OrderTimeline placedAt={order.createdAt} entries={timeline} review={order.prescriptionReview} />
        </div>
      </section>

      {bank ? (
        <section
          aria-labelledby="bank-heading"
          className="mt-6 rounded-lg border border-brand-600 bg-brand-50 p-4"
        >
          <h2 id="bank-heading" className="text-lg font-semibold">
            Pay by bank transfer
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-gray-600">Bank</dt>
            <dd>{bank.name}</dd>
            <dt className="text-gray-600">Account name</dt>
            <dd>{bank.accountName}</dd>
            <dt className="text-gray-600">Account number</dt>
            <dd className="font-mono text-base font-semibold tracking-wide">{bank.accountNumber}</dd>
            <dt className="text-gray-600">Amount</dt>
            <dd className="font-semibold">
              {formatNaira(order.totalKobo)}
              {order.deliveryFeeKobo === null ? " + delivery (we confirm the fee on WhatsApp)" : ""}
            </dd>
            <dt className="text-gray-600">Narration</dt>
            <dd className="font-mono">{order.orderRef}</dd>
          </dl>
          <p className="mt-2 text-sm text-gray-700">
            Then upload a photo of the transfer receipt below (or send it with your order on WhatsApp); we
            mark the order paid once the money arrives.
          </p>
          {receipt.canUpload ? <ReceiptUpload replacing={receipt.url !== null} error={receiptError} /> : null}
        </section>
      ) : null}

      <Form method="post" className="mt-6">
        <input type="hidden" name="intent" value="reorder" />
        <button
          type="submit"
          className="rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700"
        >
          Order again
        </button>
        <span className="ml-2 text-xs text-gray-600">
          Puts these medicines in your cart at today&apos;s prices.
        </span>
      </Form>

      {nextStatuses(order, "customer").includes("Cancelled") ? (
        <CancelOrder orderRef={order.orderRef} asking={params.get(CONFIRM_PARAM) === "cancel"} />
      ) : null}

      <section aria-labelledby="delivery-heading" className="mt-6 rounded-lg border border-gray-200 p-4">
        <h2 id="delivery-heading" className="text-lg font-semibold">
          Delivery
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm [&_dd]:break-words">
          <dt className="text-gray-600">Name</dt>
          <dd>{order.name}</dd>
          <dt className="text-gray-600">Phone</dt>
          <dd>{order.phone}</dd>
          <dt className="text-gray-600">Email</dt>
          <dd>{order.email}</dd>
          <dt className="text-gray-600">Address</dt>
          <dd className="whitespace-pre-line">{order.deliveryAddress}</dd>
        </dl>
      </section>

      <p className="mt-6 text-sm text-gray-600">
        Keep this page's link to follow your order: <span className="break-all">{statusUrl}</span>
      </p>
      <Link to="/" className="mt-4 inline-block text-brand-700 underline">
        Back to the shop
      </Link>
    </main>
  );
}

/** The query parameter of the cancel confirmation step (a plain link, so it works without JavaScript). */
const CONFIRM_PARAM = "confirm";
export const CANCEL_QUESTION =
  "Cancel this order? We will not prepare or deliver it, and this cannot be undone.";

/**
 * Cancelling asks first: "Cancel this order" only opens the question (a link to this page with
 * ?confirm=cancel); "Yes, cancel it" sends the form that cancels.
 */
function CancelOrder({ orderRef, asking }: { orderRef: string; asking: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (asking) headingRef.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <p className="mt-3">
        <Link
          to={`?${CONFIRM_PARAM}=cancel`}
          preventScrollReset
          className="inline-block rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
        >
          Cancel this order
        </Link>
        <span className="ml-2 text-xs text-gray-600">Possible until we start preparing it.</span>
      </p>
    );
  return (
    <section
      aria-labelledby="cancel-heading"
      className="mt-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <h2 id="cancel-heading" ref={headingRef} tabIndex={-1} className="font-semibold">
        Cancel order {orderRef}?
      </h2>
      <p className="mt-1 text-sm">{CANCEL_QUESTION}</p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white">
          Yes, cancel this order
        </button>
        <Link
          to="."
          preventScrollReset
          className="rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800"
        >
          Keep my order
        </Link>
      </Form>
    </section>
  );
}

/** A cancelled order says so instead of offering WhatsApp; one paid by transfer says how the money comes back. */
function CancelledNotice({
  orderRef,
  refund,
  phone,
  email,
}: {
  orderRef: string;
  refund: boolean;
  phone?: string;
  email?: string;
}) {
  return (
    <div
      className="mt-5 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      data-testid="order-cancelled"
    >
      <p className="font-semibold">This order was cancelled. Nothing will be delivered.</p>
      {refund ? (
        <p className="mt-1" data-testid="order-refund">
          {refundNote(orderRef)}{" "}
          {phone || email ? (
            <>
              Questions:{" "}
              {phone ? (
                <a href={`tel:${phone.replace(/\s/g, "")}`} className="underline">
                  {phone}
                </a>
              ) : null}
              {phone && email ? " or " : null}
              {email ? (
                <a href={`mailto:${email}`} className="underline">
                  {email}
                </a>
              ) : null}
              .
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** Where a prescription order stands with the pharmacist: waiting, or their decision with their note. */
function PrescriptionReviewPanel({
  order,
  prescriptionUrl,
}: {
  order: Pick<OrderView, "reviewStatus" | "prescriptionReview">;
  prescriptionUrl: string | null;
}) {
  if (!order.reviewStatus) return null;
  const review = order.prescriptionReview;
  const tone =
    order.reviewStatus === "approved"
      ? "border-green-200 bg-green-50 text-green-900"
      : order.reviewStatus === "rejected"
        ? "border-red-200 bg-red-50 text-red-900"
        : "border-amber-300 bg-amber-50 text-amber-950";
  return (
    <section
      aria-labelledby="review-heading"
      data-testid="prescription-review"
      className={`mt-5 rounded-lg border p-4 text-sm ${tone}`}
    >
      <h2 id="review-heading" className="font-semibold">
        Prescription check
      </h2>
      {review ? (
        <>
          <p className="mt-1 font-medium">{reviewSummary(review)}</p>
          <p className="text-xs">
            <LocalTime ms={review.reviewedAt} />
          </p>
          {review.note ? <p className="mt-1 whitespace-pre-line break-words">Note: {review.note}</p> : null}
          {review.decision === "rejected" ? (
            <p className="mt-1">This order was cancelled. Contact us if you have questions.</p>
          ) : null}
        </>
      ) : (
        <p className="mt-1">
          This order has prescription-only medicines. A pharmacist is checking your prescription; we ship once
          it is approved.
        </p>
      )}
      {prescriptionUrl ? (
        <a
          href={prescriptionUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-block underline"
        >
          View the prescription you sent
        </a>
      ) : null}
    </section>
  );
}

/** The transfer receipt photo: a plain multipart form (Remix sends it in place once JavaScript runs). */
function ReceiptUpload({ replacing, error }: { replacing: boolean; error?: string }) {
  const busy = useNavigation().formData?.get("intent") === "receipt";
  const photo = usePhotoShrinker();
  return (
    <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-col gap-2 border-t pt-3">
      <input type="hidden" name="intent" value="receipt" />
      {error ? <FormError message={error} /> : null}
      <label htmlFor="receipt-photo" className="text-sm font-medium text-gray-800">
        {replacing ? "Upload a new receipt (it replaces the one you sent)" : "Photo of your transfer receipt"}
      </label>
      <input
        id="receipt-photo"
        name={RECEIPT_FIELD}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(",")}
        required
        onChange={photo.onChange}
        aria-describedby="receipt-hint"
        className="block w-full min-w-0 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-white file:px-3 file:py-2 file:font-medium file:text-brand-700"
      />
      <p id="receipt-hint" className="text-xs text-gray-600">
        JPEG, PNG or WebP, up to 5 MB. Only you (with this page&apos;s link) and our staff can see it.
      </p>
      {photo.shrinking ? (
        <p role="status" className="text-sm text-gray-700">
          {PREPARING_PHOTO}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy || photo.shrinking}
        className="self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50"
      >
        {busy ? "Uploading..." : replacing ? "Replace receipt" : "Upload receipt"}
      </button>
    </Form>
  );
}

type PaymentPanelData = { payable: boolean; released: boolean; releaseAfterMinutes: number | null } | null;

/**
 * An order paid online: the button to pay (again, after a failure) and the way to pay on delivery instead,
 * or what became of the money (paid, released unpaid, refunded). Plain forms: with or without JavaScript.
 */
function OnlinePaymentPanel({
  order,
  payment,
  refund,
}: {
  order: Pick<OrderView, "paymentStatus" | "totalKobo" | "deliveryStatus">;
  payment: PaymentPanelData;
  refund: OnlineRefund;
}) {
  if (!payment) return null;
  const amount = formatNaira(order.totalKobo);
  if (payment.payable) {
    const failed = order.paymentStatus === "failed";
    return (
      <section
        aria-labelledby="pay-heading"
        data-testid="online-payment"
        className={`mt-5 rounded-lg border p-4 text-sm ${
          failed ? "border-red-200 bg-red-50 text-red-900" : "border-brand-600 bg-brand-50 text-gray-900"
        }`}
      >
        <h2 id="pay-heading" className="text-base font-semibold">
          {failed ? "Your payment did not go through" : `Pay ${amount} online`}
        </h2>
        <p className="mt-1">
          {failed
            ? "No money was taken for this order. You can try again, or pay on delivery instead."
            : "Pay by card, bank transfer or USSD on Paystack's secure page. This page shows Paid as soon as Paystack confirms it to us."}
        </p>
        {payment.releaseAfterMinutes ? (
          <p className="mt-1 text-xs">
            We hold your items for {payment.releaseAfterMinutes} minutes after you order; if the payment has
            not arrived by then, the order is cancelled and the items go back on sale.
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="pay" />
            <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
              {failed ? `Try again: pay ${amount}` : `Pay ${amount} now`}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="pay-on-delivery" />
            <button
              type="submit"
              className="rounded-lg border border-gray-400 bg-white px-4 py-2 font-semibold text-gray-800"
            >
              Pay on delivery instead
            </button>
          </Form>
        </div>
      </section>
    );
  }
  const message =
    order.paymentStatus === "paid"
      ? { tone: "border-green-200 bg-green-50 text-green-900", text: `Paid online: ${amount}. Thank you!` }
      : order.paymentStatus === "refund_pending"
        ? {
            tone: "border-amber-300 bg-amber-50 text-amber-950",
            text: onlineRefundNote(order.paymentStatus, refund, order.totalKobo),
          }
        : order.paymentStatus === "refunded"
          ? {
              tone: "border-green-200 bg-green-50 text-green-900",
              text: onlineRefundNote(order.paymentStatus, refund, order.totalKobo),
            }
          : payment.released
            ? {
                tone: "border-gray-300 bg-gray-50 text-gray-900",
                text: `We cancelled this order because its payment had not arrived within ${payment.releaseAfterMinutes ?? "the"} minutes, and put the items back on sale. If money leaves your account later, we refund it automatically.`,
              }
            : null;
  if (!message) return null;
  return (
    <p
      role="status"
      data-testid="online-payment"
      className={`mt-5 rounded-lg border p-4 text-sm ${message.tone}`}
    >
      {message.text}
    </p>
  );
}

/** A cancelled order paid by bank transfer: how its money comes back (there is no gateway to return it). */
