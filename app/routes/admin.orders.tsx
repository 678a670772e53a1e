/** Admin › Orders: Order Ref, Date, Email, Total, Status, Action (status dropdown), with each order's timeline. */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useFormAction,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSearchParams,
  useSubmit,
  type SubmitFunction,
} from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ReviewBadge } from "~/components/review-badge";
import { LocalTime } from "~/components/local-time";
import { OrderTimeline } from "~/components/order-timeline";
import { StatusBadge } from "~/components/status-badge";
import { VocabularyOptions } from "~/components/vocabulary-options";
import { useHydrated } from "~/lib/use-hydrated";
import { formatNaira } from "~/lib/money";
import { displayOrderRef } from "~/features/orders/order-status";
import {
  backOfficeOrderViews,
  changeOrder,
  orderToChange,
  refundedByHand,
} from "~/features/orders/orders.server";
import {
  handRefundEndsOrder,
  isFinalStatus,
  nextStatuses,
  ONLINE_PAID_BY_GATEWAY,
  paymentRefusal,
} from "~/features/orders/order-state";
import { DELIVERY_STATUS, PAYMENT_STATUS, type DeliveryStatus, type PaymentStatus } from "~/lib/vocabularies";
import { receiptUrlForOrder } from "~/features/orders/order-view";
import { AppError, type FormFailure } from "~/lib/app-error";
import { handleIntents } from "~/services/http.server";
import { carriesSession, requireAdmin, requireBackOfficeUser, withReads } from "~/services/session.server";
import { parsePage } from "~/lib/pagination";
import { filterQuery, hasFilters, parseOrderFilters, type OrderFilters } from "~/lib/order-filters";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/services/toast.server";

export const STATUS_UPDATE_FAILED = "Failed to update status";
/**
 * A status that cannot be undone (Cancelled) is asked about first, as the shopper's cancel is: picking it
 * opens the question on the page (this query parameter names the order), and only the question's own
 * form, which says `confirmed=yes`, makes the change. Without JavaScript the Save button's post gets the
 * question back from the server the same way.
 */
const CONFIRM_PARAM = "confirm";
const CONFIRMED_FIELD = "confirmed";
const CANCELLED: DeliveryStatus = "Cancelled";
export const ADMIN_CANCEL_QUESTION =
  "The customer's order will not be prepared or delivered, and this cannot be undone.";

/** The question's heading: the fragment the page opens at, so a phone shows it without scrolling. */
const questionId = (orderId: string) => `cancel-${orderId}`;

/** `path` (a page of the list, with its filters) asking about the order `orderId`, scrolled to it. */
function askingAbout(path: string, orderId: string): string {
  const url = new URL(path, "http://medistore.invalid");
  url.searchParams.set(CONFIRM_PARAM, orderId);
  url.hash = questionId(orderId);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What "Mark paid" sets: the money has arrived. */
const MARK_PAID: PaymentStatus = "paid";
/** "Refunded by hand": staff returned the money the gateway could not (the server decides what it marks). */
const REFUNDED_BY_HAND = "refunded-by-hand";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const page = parsePage(params.get("page"));
  const filters = parseOrderFilters(params);
  // Started beside the session lookup, so both go to D1 in one round trip, but only for a request that
  // carries a session at all: a guest never makes the database search the orders. The rows are used only
  // once the session is known to be an admin's.
  const early = (await carriesSession(request, context))
    ? backOfficeOrderViews(context, page, filters)
    : null;
  early?.catch(() => undefined);
  await requireAdmin(request, context);
  return { page, filters, ...(await (early ?? backOfficeOrderViews(context, page, filters))) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  // The order named is read beside the session lookup, and used only once the guard has let the admin in.
  const [admin, row] = await withReads(request, context, requireBackOfficeUser, () =>
    orderToChange(context, form?.get("orderId")),
  );
  const back = safeRedirectPath(form?.get("redirectTo"), "/admin/orders");
  // A refusal with a reason (a prescription awaiting review, a cancelled order) is said on the page; any
  // other, and any failure, is the one line the spec gives.
  const toast = { to: back, config: context.config, message: STATUS_UPDATE_FAILED, onPage: [409] };
  const done = (message: string) => redirectWithToast(back, { type: "success", message }, context.config);
  const orderId = (form: FormData) => {
    const id = form.get("orderId");
    if (typeof id !== "string") throw new AppError(400, "Choose an order.");
    return id;
  };
  const target = (form: FormData) => row ?? orderId(form);
  return handleIntents(
    form,
    {
      // "Mark paid" sends the row's status too, unchanged: the button says what the admin asked for.
      "mark-paid": {
        keep: ["orderId"],
        toast,
        run: async (form) => {
          const payment = form.get("paymentStatus") as PaymentStatus;
          const { order, changed } = await changeOrder(
            context,
            target(form),
            { paymentStatus: payment },
            admin,
            "admin",
          );
          const ref = displayOrderRef(order);
          const state = PAYMENT_STATUS.label(payment).toLowerCase();
          return done(changed ? `Order ${ref} is now marked ${state}` : `Order ${ref} was already ${state}`);
        },
      },
      [REFUNDED_BY_HAND]: {
        keep: ["orderId"],
        toast,
        run: async (form) => {
          const { order, changed, endedOrder } = await refundedByHand(context, target(form), admin);
          const ref = displayOrderRef(order);
          if (endedOrder)
            return done(
              changed ? `Order ${ref} is now marked refunded` : `Order ${ref} was already refunded`,
            );
          return done(
            changed
              ? `Order ${ref}: its extra payment is marked refunded; the order stays ${PAYMENT_STATUS.label(order.paymentStatus)}`
              : `Order ${ref}: its extra payment was already marked refunded`,
          );
        },
      },
      status: {
        keep: ["orderId"],
        toast,
        run: async (form) => {
          const status = form.get("deliveryStatus");
          if (!DELIVERY_STATUS.includes(status)) throw new AppError(400, STATUS_UPDATE_FAILED);
          if (isFinalStatus(status) && form.get(CONFIRMED_FIELD) !== "yes")
            return redirect(askingAbout(back, orderId(form)));
          const { order, changed } = await changeOrder(
            context,
            target(form),
            { deliveryStatus: status },
            admin,
            "admin",
          );
          const ref = displayOrderRef(order);
          return done(
            changed
              ? `Order ${ref} is now ${order.deliveryStatus}`
              : `Order ${ref} was already ${order.deliveryStatus}`,
          );
        },
      },
    },
    // The rows' forms name no intent: a payment status sent is "Mark paid", else a delivery status.
    {
      fallback: PAYMENT_STATUS.includes(form?.get("paymentStatus")) ? "mark-paid" : "status",
      unexpected: STATUS_UPDATE_FAILED,
    },
  );
}

export default function AdminOrders() {
  const { orders, page, hasMore, filters } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const refused = failure?.formError
    ? { orderId: failure.values?.orderId, message: failure.formError }
    : undefined;
  const hydrated = useHydrated();
  const submit = useSubmit();
  // Every row's form posts here: resolved once for the page, not by a <Form> per row (see postForm).
  const formAction = useFormAction();
  const onPost = postForm(submit);
  const settled = useSettledCount();
  const here = `/admin/orders${filterQuery(filters, page > 1 ? { page: String(page) } : {})}`;
  const asking = useSearchParams()[0].get(CONFIRM_PARAM);
  const navigate = useNavigate();
  const filtered = hasFilters(filters);
  if (orders.length === 0)
    return (
      <>
        <OrderFiltersForm filters={filters} />
        <p className="text-gray-600">{filtered ? "No orders match these filters." : "No orders yet."}</p>
      </>
    );
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="sr-only">
        Orders
      </h2>
      <OrderFiltersForm filters={filters} />
      {refused ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          Order {orders.find((o) => o.id === refused.orderId)?.orderRef ?? ""}: {refused.message}
        </p>
      ) : null}
      {/* A table from md up; on a phone each row is a card (the .order-row rules in styles/back-office.css). */}
      <div className="rounded-xl border border-gray-200 bg-white">
        <table className="block w-full text-left text-sm md:table">
          <thead className="bg-gray-50 text-gray-700 max-md:sr-only">
            <tr>
              {["Order Ref", "Date", "Email", "Total", "Status", "Action"].map((heading) => (
                <th key={heading} scope="col" className="px-3 py-2">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block divide-y divide-gray-100 md:table-row-group">
            {orders.map((order) => (
              <OrderRow
                key={order.id}
                order={order}
                here={here}
                formAction={formAction}
                onPost={onPost}
                onStatusChange={(form) => {
                  const picked = form?.elements.namedItem("deliveryStatus") as HTMLSelectElement | null;
                  if (picked && isFinalStatus(picked.value as DeliveryStatus))
                    navigate(askingAbout(here, order.id));
                  else submit(form, { preventScrollReset: true });
                }}
                asking={asking === order.id}
                statusKey={`${order.deliveryStatus}-${settled}`}
                hydrated={hydrated}
              />
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages" className="mt-4 flex justify-between">
        {page > 1 ? (
          <Link to={`/admin/orders${filterQuery(filters, page > 2 ? { page: String(page - 1) } : {})}`}>
            ← Newer
          </Link>
        ) : (
          <span />
        )}
        {hasMore ? (
          <Link to={`/admin/orders${filterQuery(filters, { page: String(page + 1) })}`}>Older →</Link>
        ) : null}
      </nav>
    </section>
  );
}

type OrderView = ReturnType<typeof useLoaderData<typeof loader>>["orders"][number];

/**
 * One order: its ref (with its details folded under it), date, e-mail, total, status with payment, and the
 * status control. A page has 50 of them, so each carries as little markup as it can: the layout is the
 * .order-row rules in styles/back-office.css rather than utilities on every cell, and one form per row takes both
 * the status change and "Mark paid" (that button sits in the status cell and joins the form by its id).
 */
function OrderRow({
  order,
  here,
  formAction,
  onPost,
  onStatusChange,
  statusKey,
  hydrated,
  asking,
}: {
  order: OrderView;
  here: string;
  formAction: string;
  onPost: (event: FormEvent<HTMLFormElement>) => void;
  onStatusChange: (form: HTMLFormElement | null) => void;
  statusKey: string;
  hydrated: boolean;
  /** The admin picked Cancelled for this order: the question shows under its picker. */
  asking: boolean;
}) {
  // A Cancelled order: nothing about it changes any more (its status, its payment).
  const final = nextStatuses(order, "admin").length === 0;
  // Staff mark paid only what the payment rules let them (an order paid online waits for the gateway).
  const markPaid = paymentRefusal(order, MARK_PAID, "admin");
  // A refund the gateway could not make is closed by hand: the order's own (it becomes Refunded), or an
  // extra payment's while the order stays as it is (the same rules tell which).
  const endsOrder = handRefundEndsOrder(order);
  const formId = `order-${order.id}`;
  return (
    <tr data-testid="admin-order" data-order-id={order.id} className="order-row">
      <td data-part="ref">
        <details>
          <summary className="cursor-pointer whitespace-nowrap font-medium">{order.orderRef}</summary>
          <div className="mt-2 space-y-2 break-words text-xs text-gray-700">
            <p>{`${order.name} · ${order.phone}`}</p>
            <p className="whitespace-pre-line">{order.deliveryAddress}</p>
            <ul>
              {order.items.map((item) => (
                <li key={item.id}>{`${item.name} × ${item.quantity}`}</li>
              ))}
            </ul>
            <OrderTimeline
              placedAt={order.createdAt}
              entries={order.timeline}
              review={order.prescriptionReview}
              messages={order.messages}
              showWho
            />
          </div>
        </details>
      </td>
      <td data-part="date">
        <LocalTime ms={order.createdAt} />
      </td>
      <td data-part="email">{order.email}</td>
      <td data-part="total">{formatNaira(order.totalKobo)}</td>
      <td data-part="status">
        <StatusBadge status={order.deliveryStatus} /> <ReviewBadge status={order.reviewStatus} />
        {/* The gateway's own statuses (failed, refund in progress, refunded) are said as they are. */}
        {order.paymentStatus !== "unpaid" && order.paymentStatus !== "paid" ? (
          <span
            data-testid="admin-order-payment"
            className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
          >
            {PAYMENT_STATUS.label(order.paymentStatus)}
          </span>
        ) : null}{" "}
        {final ? null : PAYMENT_STATUS.entry(order.paymentStatus).settled ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
            {PAYMENT_STATUS.label(order.paymentStatus)}
          </span>
        ) : markPaid ? (
          markPaid.message === ONLINE_PAID_BY_GATEWAY ? (
            <span data-testid="admin-order-awaiting-gateway" className="text-xs text-gray-700">
              Paid when Paystack confirms
            </span>
          ) : null
        ) : (
          // Its name begins with its visible words, so a voice command saying them finds it.
          <button
            type="submit"
            form={formId}
            name="paymentStatus"
            value={MARK_PAID}
            aria-label={`Mark paid: order ${order.orderRef}`}
            className="rounded-full border border-gray-300 px-2 py-0.5 text-xs font-semibold text-gray-800 hover:bg-gray-50"
          >
            Mark paid
          </button>
        )}
        {order.receiptUploadedAt ? (
          <a
            href={receiptUrlForOrder(order.id)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="admin-order-receipt"
            className="block text-xs text-brand-700 underline"
          >
            Receipt uploaded <LocalTime ms={order.receiptUploadedAt} />
          </a>
        ) : null}
      </td>
      <td data-part="action">
        {order.refundFailed ? (
          <div
            data-testid="admin-order-refund-failed"
            className="mb-2 rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-900"
          >
            <p>
              <strong>Refund failed.</strong>{" "}
              {endsOrder
                ? "Paystack could not send the money back."
                : `Paystack could not send back an extra payment the customer made; the order stays ${PAYMENT_STATUS.label(order.paymentStatus)}.`}{" "}
              Return {formatNaira(order.totalKobo)} to the customer another way (bank transfer), then mark it
              refunded by hand.
            </p>
            <form method="post" action={formAction} data-discover="true" onSubmit={onPost} className="mt-1">
              <input type="hidden" name="orderId" value={order.id} />
              <input type="hidden" name="redirectTo" value={here} />
              <button
                type="submit"
                name="intent"
                value={REFUNDED_BY_HAND}
                aria-label={`Refunded by hand: order ${order.orderRef}`}
                className="rounded-full border border-red-300 bg-white px-2 py-0.5 font-semibold text-red-900 hover:bg-red-100"
              >
                Refunded by hand
              </button>
            </form>
          </div>
        ) : null}
        {final ? (
          <p className="text-xs text-gray-600">Cancelled: its status no longer changes.</p>
        ) : (
          <form
            id={formId}
            method="post"
            action={formAction}
            data-discover="true"
            onSubmit={onPost}
            className="flex items-center gap-2"
          >
            <input type="hidden" name="orderId" value={order.id} />
            <input type="hidden" name="redirectTo" value={here} />
            <select
              name="deliveryStatus"
              aria-label={`Status of order ${order.orderRef}`}
              defaultValue={order.deliveryStatus}
              key={statusKey}
              onChange={(event) => onStatusChange(event.currentTarget.form)}
              className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-2 py-1 md:flex-none"
            >
              <VocabularyOptions entries={DELIVERY_STATUS.entries} />
            </select>
            {/* With JavaScript the change saves itself; without it, this button saves. */}
            {hydrated ? null : (
              <button type="submit" className="rounded-lg border border-gray-300 px-2 py-1">
                Save
              </button>
            )}
          </form>
        )}
        {asking && !final ? (
          <CancelQuestion order={order} here={here} formAction={formAction} onPost={onPost} />
        ) : null}
      </td>
    </tr>
  );
}

/** "Cancel order …?" under the row's picker: "Yes, cancel this order" cancels, "Keep this order" goes back. */
function CancelQuestion({
  order,
  here,
  formAction,
  onPost,
}: {
  order: OrderView;
  here: string;
  formAction: string;
  onPost: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const headingId = questionId(order.id);
  return (
    <section
      aria-labelledby={headingId}
      data-testid="admin-cancel-question"
      className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900"
    >
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="scroll-mt-24 text-sm font-semibold">
        Cancel order {order.orderRef}?
      </h3>
      <p className="mt-1 text-xs">{ADMIN_CANCEL_QUESTION}</p>
      <form
        method="post"
        action={formAction}
        data-discover="true"
        onSubmit={onPost}
        className="mt-2 flex flex-wrap gap-2"
      >
        <input type="hidden" name="orderId" value={order.id} />
        <input type="hidden" name="redirectTo" value={here} />
        <input type="hidden" name="deliveryStatus" value={CANCELLED} />
        <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
        <button type="submit" className="rounded-lg bg-red-700 px-3 py-1.5 text-xs font-semibold text-white">
          Yes, cancel this order
        </button>
        <Link
          to={here}
          preventScrollReset
          className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-xs font-semibold text-gray-800"
        >
          Keep this order
        </Link>
      </form>
    </section>
  );
}

/**
 * How many submissions have settled on this page. A status picker is keyed by it, so after every answer
 * (a change, a refusal said on the page, a failure's toast) each picker starts again from the status the
 * server holds, not from the one the admin picked. Without JavaScript the answer is a new page anyway.
 */
function useSettledCount(): number {
  const busy = useNavigation().state !== "idle";
  const wasBusy = useRef(false);
  const [settled, setSettled] = useState(0);
  useEffect(() => {
    if (wasBusy.current && !busy) setSettled((n) => n + 1);
    wasBusy.current = busy;
  }, [busy]);
  return settled;
}

/**
 * What Remix's <Form method="post" preventScrollReset> does on submit, for the rows' plain forms (the same
 * markup): a <Form> per row resolves its action and its submit function again, fifty times a page.
 * Without JavaScript the forms post as they are.
 */
function postForm(submit: SubmitFunction) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    submit(submitter ?? event.currentTarget, { method: "post", preventScrollReset: true });
  };
}

const FILTER_INPUT = "mt-1 w-full rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm";

/** Search and filters as a plain GET form (works without JavaScript), and the same list as a CSV file. */
function OrderFiltersForm({ filters }: { filters: OrderFilters }) {
  return (
    <Form
      method="get"
      role="search"
      className="mb-4 grid grid-cols-2 gap-2 rounded-xl border border-gray-200 bg-white p-3 md:grid-cols-6"
    >
      <label className="col-span-2 text-sm font-medium text-gray-800">
        Search
        <input
          name="q"
          type="search"
          defaultValue={filters.q}
          maxLength={100}
          placeholder="Reference, name, e-mail or phone"
          className={FILTER_INPUT}
        />
      </label>
      <label className="text-sm font-medium text-gray-800">
        Status
        <select name="status" defaultValue={filters.status ?? ""} className={FILTER_INPUT}>
          <option value="">Any</option>
          <VocabularyOptions entries={DELIVERY_STATUS.entries} />
        </select>
      </label>
      <label className="text-sm font-medium text-gray-800">
        Payment
        <select name="paymentStatus" defaultValue={filters.paymentStatus ?? ""} className={FILTER_INPUT}>
          <option value="">Any</option>
          <VocabularyOptions entries={PAYMENT_STATUS.entries} />
        </select>
      </label>
      <label className="text-sm font-medium text-gray-800">
        From
        <input name="from" type="date" defaultValue={filters.from ?? ""} className={FILTER_INPUT} />
      </label>
      <label className="text-sm font-medium text-gray-800">
        To
        <input name="to" type="date" defaultValue={filters.to ?? ""} className={FILTER_INPUT} />
      </label>
      <div className="col-span-2 flex flex-wrap items-center gap-3 md:col-span-6">
        <button
          type="submit"
          className="rounded-lg bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white"
        >
          Filter
        </button>
        {hasFilters(filters) ? (
          <Link to="/admin/orders" className="text-sm text-brand-700 underline">
            Clear
          </Link>
        ) : null}
        <a
          href={`/admin/orders.csv${filterQuery(filters)}`}
          download
          className="ml-auto text-sm font-medium text-brand-700 underline"
        >
          Export these orders (CSV)
        </a>
      </div>
    </Form>
  );
}
