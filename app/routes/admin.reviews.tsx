/**
 * Admin › Reviews: prescription orders awaiting a pharmacist, oldest first, each with its prescription, its
 * items and its customer; a pharmacist (an admin with a PCN number) approves or rejects with a note. Other
 * admins see the queue read-only. Plain forms: works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LocalTime } from "~/components/local-time";
import { isPharmacist, reviewPrescriptionOrder, reviewQueue } from "~/features/orders/review.server";
import { orderToChange } from "~/features/orders/orders.server";
import { REVIEW_NOTE_MAX } from "~/lib/limits";
import fields from "virtual:form-constraints/review";
import type { FormFailure } from "~/lib/app-error";
import { handleForm } from "~/services/http.server";
import { formatNaira } from "~/lib/money";
import { requireBackOfficeUser, withReads } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { displayOrderRef } from "~/features/orders/order-status";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The queue travels to D1 with the session lookup, in one trip.
  const [admin, orders] = await withReads(request, context, requireBackOfficeUser, () =>
    reviewQueue(context),
  );
  return { pharmacist: isPharmacist(admin), orders };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const orderId = String(form?.get("orderId") ?? "").slice(0, 64);
  // The order is read beside the session lookup, and used only once the guard has let the admin in.
  const [admin, row] = await withReads(request, context, requireBackOfficeUser, () =>
    orderToChange(context, orderId),
  );
  const note = String(form?.get("note") ?? "").slice(0, REVIEW_NOTE_MAX + 1);
  return handleForm(
    async () => {
      const order = await reviewPrescriptionOrder(context, admin, row ?? orderId, {
        decision: form?.get("decision") ?? undefined,
        note,
      });
      const verb = order.reviewStatus === "approved" ? "approved" : "rejected and cancelled";
      return redirectWithToast(
        "/admin/reviews",
        { type: "success", message: `Order ${displayOrderRef(order)}: prescription ${verb}.` },
        context.config,
      );
    },
    // Said beside the order it was about, with the note as typed.
    { values: { orderId, note } },
  );
}

export default function AdminReviews() {
  const { orders, pharmacist } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const navigation = useNavigation();
  const busyOrder = navigation.state === "submitting" ? navigation.formData?.get("orderId") : null;
  return (
    <section aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="text-lg font-semibold">
        Prescriptions to review
      </h2>
      {pharmacist ? (
        <p className="mt-1 text-sm text-gray-600">
          Oldest first. Approve once the prescription covers the items; a rejection cancels the order and
          returns its stock, and the customer reads your note.
        </p>
      ) : (
        <p role="note" className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Only a pharmacist (an admin with a PCN registration number) can approve or reject prescriptions. You
          can see the queue; a pharmacist must decide.
        </p>
      )}
      {orders.length === 0 ? (
        <p className="mt-4 text-gray-600">No prescription orders are waiting for review.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {orders.map((order) => {
            const problem = failure?.values?.orderId === order.id ? failure : null;
            return (
              <li
                key={order.id}
                data-testid="review-order"
                className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 md:grid-cols-[12rem_minmax(0,1fr)]"
              >
                {order.prescriptionImageUrl ? (
                  <a href={order.prescriptionImageUrl} target="_blank" rel="noopener noreferrer">
                    <img
                      src={order.prescriptionImageUrl}
                      alt={`Prescription for order ${order.orderRef}`}
                      className="aspect-square w-full max-w-48 rounded-lg bg-gray-100 object-contain"
                    />
                  </a>
                ) : (
                  <p className="text-sm text-red-800">The prescription was removed.</p>
                )}
                <div className="min-w-0">
                  <h3 className="font-semibold">
                    <Link to={`/order/${order.accessToken}`} className="hover:underline">
                      Order {order.orderRef}
                    </Link>
                  </h3>
                  <p className="text-xs text-gray-600">
                    Placed <LocalTime ms={order.createdAt} />
                  </p>
                  <p className="mt-1 break-words text-sm">
                    {order.name} · {order.phone} · <span className="break-all">{order.email}</span>
                  </p>
                  <ul className="mt-2 text-sm">
                    {order.items.map((item) => (
                      <li key={item.id} className="break-words">
                        {item.name} × {item.quantity}
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1 text-sm font-medium">Total {formatNaira(order.totalKobo)}</p>
                  {pharmacist ? (
                    <Form method="post" data-form="review" className="mt-3 flex flex-col gap-2">
                      <input type="hidden" name="orderId" value={order.id} />
                      {problem ? (
                        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                          {problem.formError}
                        </p>
                      ) : null}
                      <label htmlFor={`note-${order.id}`} className="text-sm font-medium text-gray-800">
                        Note to the customer (required to reject)
                      </label>
                      <textarea
                        id={`note-${order.id}`}
                        name="note"
                        rows={2}
                        required={fields.note.required}
                        maxLength={fields.note.maxLength}
                        defaultValue={problem?.values?.note}
                        className="w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
                      />
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="submit"
                          name="decision"
                          value="approved"
                          disabled={busyOrder === order.id}
                          className="rounded-lg bg-green-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
                        >
                          Approve
                        </button>
                        <button
                          type="submit"
                          name="decision"
                          value="rejected"
                          disabled={busyOrder === order.id}
                          className="rounded-lg border border-red-700 px-4 py-2 text-sm font-semibold text-red-800 disabled:opacity-60"
                        >
                          Reject and cancel
                        </button>
                      </div>
                    </Form>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
