/** /dashboard: the customer's home: orders, pending deliveries, help, prescription upload, recent activity. */
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Await,
  Link,
  useActionData,
  useLoaderData,
  useRouteLoaderData,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { orNetworkFailure } from "~/lib/network-failure";
import { Suspense } from "react";
import { ChatWidget } from "~/components/chat";
import { WhatsAppIcon } from "~/components/icons";
import {
  PrescriptionUpload,
  UPLOAD_NETWORK_ERROR,
  UPLOAD_SUCCESS,
  type UploadResult,
} from "~/components/prescription-upload";
import { StatusBadge } from "~/components/status-badge";
import { ReviewBadge } from "~/components/review-badge";
import { reviewSummary } from "~/features/orders/order-view";
import { whatsAppLink } from "~/lib/whatsapp-link";
import type { loader as rootLoader } from "~/root";
import { myOrders } from "~/features/orders/orders.server";
import { myPrescriptions, uploadPrescription } from "~/features/prescriptions/prescriptions.server";
import { myBackInStock, type BackInStockItem } from "~/features/catalogue/back-in-stock.server";
import { BACK_IN_STOCK_INTENT } from "~/features/catalogue/back-in-stock";
import { AddToCartForm } from "~/components/product-card";
import { formatNaira } from "~/lib/money";
import type { FormFailure } from "~/lib/app-error";
import { requireUser, withReads } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { readMultipart } from "~/services/uploads.server";
import { LocalTime } from "~/components/local-time";
import { LogoutButton } from "~/components/logout-button";
import { handleIntents, pageHeaders } from "~/services/http.server";
import { chatConsentState } from "~/features/privacy/consents.server";
import { PRIVACY_NOTICE_VERSION } from "~/lib/privacy-notice";

/** A refusal's Retry-After (rate limits) reaches the browser too. */
export const headers = pageHeaders;

export const meta: MetaFunction = () => [{ title: "Dashboard | MediStore" }];

export const RECENT_ACTIVITY_COUNT = 5;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Everything the page reads travels to D1 with the session lookup, in one trip.
  let recent: ReturnType<typeof myOrders> | undefined;
  const [user, [prescriptions, backInStock, chatConsent]] = await withReads(
    request,
    context,
    requireUser,
    (me) => {
      recent = myOrders(context, me, { limit: RECENT_ACTIVITY_COUNT });
      recent.catch(() => undefined);
      return Promise.all([
        myPrescriptions(context, me),
        myBackInStock(context, me),
        chatConsentState(context, me),
      ]);
    },
  );
  return {
    backInStock,
    // The greeting carries the name only for customers; "User" otherwise.
    greetingName: user.role !== "admin" && user.name ? user.name : "User",
    // Streamed: the page shows "Loading recent activity…" until the orders arrive.
    recent: recent!.then((orders) =>
      orders.map((o) => ({
        id: o.id,
        accessToken: o.accessToken,
        label: o.items.map((i) => i.name).join(", ") || "Order",
        status: o.deliveryStatus,
        reviewStatus: o.reviewStatus,
        review: o.prescriptionReview ? reviewSummary(o.prescriptionReview) : null,
      })),
    ),
    prescriptions,
    // An admin has no chat consent of their own to give.
    chatConsent: user.role === "admin" ? ("given" as const) : chatConsent,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return handleIntents(
    () => readMultipart(request),
    {
      "upload-prescription": {
        run: async (form) => {
          await uploadPrescription(request, context, user, form);
          // With JavaScript the dashboard stays put and shows a toast; without it, the page again.
          if (form.get("_enhanced") === "1") return data<UploadResult>({ ok: true, message: UPLOAD_SUCCESS });
          return redirectWithToast(
            "/dashboard",
            { type: "success", message: UPLOAD_SUCCESS },
            context.config,
          );
        },
      },
    },
    // A body too large to read is still this form's refusal.
    { fallback: "upload-prescription", unexpected: "Please try again." },
  );
}

/** A lost connection during an upload gets its message instead of an error page. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  orNetworkFailure(() => serverAction<typeof action>(), { ok: false, message: UPLOAD_NETWORK_ERROR });

export default function Dashboard() {
  const { greetingName, recent, prescriptions, chatConsent, backInStock } = useLoaderData<typeof loader>();
  const actionData = useActionData<UploadResult | FormFailure>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const helpLink = whatsAppLink(root?.store.whatsapp ?? "", "Hello MediStore, I need help with my account.");

  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Hello, {greetingName}</h1>
        <div className="flex items-center gap-3">
          <Link to="/account" className="text-sm font-medium text-brand-700 hover:underline">
            Account settings
          </Link>
          <LogoutButton />
        </div>
      </div>

      <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Link to="/orders" className="rounded-xl border border-gray-200 bg-white p-4 hover:border-brand-600">
          <h2 className="font-semibold text-brand-700">Your Orders</h2>
          <p className="mt-1 text-sm text-gray-600">Every order you placed while logged in.</p>
        </Link>
        <Link
          to="/pending-deliveries"
          className="rounded-xl border border-gray-200 bg-white p-4 hover:border-brand-600"
        >
          <h2 className="font-semibold text-brand-700">Pending Deliveries</h2>
          <p className="mt-1 text-sm text-gray-600">Orders on their way to you.</p>
        </Link>
        <a
          href={helpLink}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-xl border border-gray-200 bg-white p-4 hover:border-brand-600"
        >
          <h2 className="flex items-center gap-2 font-semibold text-brand-700">
            <WhatsAppIcon className="h-5 w-5" /> Need Help
          </h2>
          <p className="mt-1 text-sm text-gray-600">Message our pharmacists on WhatsApp.</p>
        </a>
        {/* Customers talk to a pharmacist here; admins answer from /admin. */}
        {root?.user && root.user.role !== "admin" ? (
          <ChatWidget
            conversationId={root.user.id}
            whatsappLink={helpLink}
            consent={chatConsent}
            noticeVersion={PRIVACY_NOTICE_VERSION}
          />
        ) : null}
      </div>

      {backInStock.length > 0 ? <BackInStockList items={backInStock} /> : null}

      {/* One column on phones; a track of minmax(0, 1fr) lets long order names wrap, not widen the page. */}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <PrescriptionUpload noJsResult={actionData} />
        <section aria-labelledby="recent-heading" className="rounded-xl border border-gray-200 bg-white p-4">
          <h2 id="recent-heading" className="text-lg font-semibold">
            Recent Activity
          </h2>
          <Suspense fallback={<p className="mt-3 text-sm text-gray-600">Loading recent activity…</p>}>
            <Await
              resolve={recent}
              errorElement={<p className="mt-3 text-sm text-gray-600">No recent activities found.</p>}
            >
              {(orders) =>
                orders.length === 0 ? (
                  <p className="mt-3 text-sm text-gray-600">No recent activities found.</p>
                ) : (
                  <ul className="mt-3 divide-y divide-gray-100">
                    {orders.map((order) => (
                      <li key={order.id} className="flex items-start justify-between gap-3 py-2">
                        <span className="min-w-0">
                          <Link
                            to={`/order/${order.accessToken}`}
                            className="line-clamp-2 break-words text-sm hover:underline"
                          >
                            {order.label}
                          </Link>
                          {order.review ? (
                            <span className="block text-xs text-gray-700">{order.review}</span>
                          ) : null}
                        </span>
                        <span className="flex shrink-0 flex-col items-end gap-1">
                          <StatusBadge status={order.status} />
                          <ReviewBadge status={order.reviewStatus} />
                        </span>
                      </li>
                    ))}
                  </ul>
                )
              }
            </Await>
          </Suspense>
        </section>
      </div>

      <section
        aria-labelledby="my-prescriptions"
        className="mt-6 rounded-xl border border-gray-200 bg-white p-4"
      >
        <h2 id="my-prescriptions" className="text-lg font-semibold">
          Your prescriptions
        </h2>
        {prescriptions.length === 0 ? (
          <p className="mt-2 text-sm text-gray-600">You have not uploaded a prescription yet.</p>
        ) : (
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {prescriptions.map((p) => (
              <li key={p.id}>
                <a href={p.url} target="_blank" rel="noopener noreferrer" className="block">
                  <img
                    src={p.url}
                    alt="Your prescription"
                    loading="lazy"
                    className="aspect-square w-full rounded-lg border border-gray-200 bg-gray-100 object-cover"
                  />
                </a>
                <p className="mt-1 text-xs text-gray-600">
                  Uploaded <LocalTime ms={p.createdAt} />
                </p>
                {/* Who at the pharmacy has looked at it: every view is logged. */}
                {p.views.length === 0 ? (
                  <p className="mt-0.5 text-xs text-gray-500">Not viewed by staff yet</p>
                ) : (
                  <ul className="mt-0.5 text-xs text-gray-600" aria-label="Viewed by">
                    {p.views.map((v, i) => (
                      <li key={i}>
                        Viewed by {v.by} on <LocalTime ms={v.at} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="your-data" className="mt-6 rounded-xl border border-gray-200 bg-white p-4">
        <h2 id="your-data" className="text-lg font-semibold">
          Your data
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Get a copy of everything we hold on you, manage your consents, or delete your account.
        </p>
        <div className="mt-3 flex flex-wrap gap-3 text-sm">
          <a
            href="/account/data"
            download
            className="rounded-lg bg-brand-700 px-3 py-2 font-semibold text-white"
          >
            Download my data
          </a>
          <Link
            to="/account/privacy"
            className="rounded-lg border border-gray-300 px-3 py-2 font-semibold text-gray-800 hover:bg-gray-50"
          >
            Privacy &amp; consents
          </Link>
          <Link
            to="/account/delete"
            className="rounded-lg border border-red-300 px-3 py-2 font-semibold text-red-800 hover:bg-red-50"
          >
            Delete my account
          </Link>
        </div>
      </section>
    </main>
  );
}

/** The medicines the customer asked to hear about: those back in stock first, to add to the cart. */
function BackInStockList({ items }: { items: BackInStockItem[] }) {
  const back = items.filter((item) => item.back).length;
  return (
    <section
      aria-labelledby="back-in-stock-heading"
      className="mt-6 rounded-xl border border-gray-200 bg-white p-4"
      data-testid="back-in-stock-list"
    >
      <h2 id="back-in-stock-heading" className="text-lg font-semibold">
        {back > 0 ? `Back in stock (${back})` : "Waiting for stock"}
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        The medicines you asked us to tell you about when they are back in stock.
      </p>
      <ul className="mt-3 divide-y divide-gray-100">
        {items.map((item) => (
          <li
            key={item.productId}
            id={`back-in-stock-${item.productId}`}
            className="flex flex-wrap items-center gap-3 py-2"
          >
            <span className="min-w-0 flex-1">
              <Link to={item.url} className="break-words font-medium hover:underline">
                {item.name}
              </Link>
              <span className="block text-sm text-gray-700">
                {formatNaira(item.priceKobo)} ·{" "}
                {item.back ? (
                  <strong className="text-green-800">Back in stock</strong>
                ) : (
                  "Still out of stock: we will tell you"
                )}
              </span>
            </span>
            {item.back ? (
              <AddToCartForm
                product={{ id: item.productId, name: item.name, inStock: true }}
                anchor={`back-in-stock-${item.productId}`}
              />
            ) : null}
            <form method="post" action={item.url}>
              <input type="hidden" name="intent" value={BACK_IN_STOCK_INTENT.forget} />
              <input type="hidden" name="redirectTo" value="/dashboard" />
              <button type="submit" className="text-sm text-gray-700 underline">
                Remove
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
