/** Admin › Orders: Order Ref, Email, Total, Status, Action (status dropdown), with each order's timeline. */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { OrderTimeline } from "~/components/order-timeline";
import { StatusBadge } from "~/components/status-badge";
import { useHydrated } from "~/lib/use-hydrated";
import { formatNaira } from "~/lib/money";
import { DELIVERY_STATUSES, displayOrderRef, isDeliveryStatus } from "~/features/orders/order-status";
import { allOrderViews, changeOrderStatus } from "~/features/orders/orders.server";
import { AppError } from "~/lib/app-error";
import { requireAdmin } from "~/services/session.server";
import { parsePage } from "~/lib/pagination";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/services/toast.server";

export const STATUS_UPDATE_FAILED = "Failed to update status";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  return { page, ...(await allOrderViews(context, page)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  const back = safeRedirectPath(form?.get("redirectTo"), "/admin/orders");
  const fail = () =>
    redirectWithToast(back, { type: "error", message: STATUS_UPDATE_FAILED }, context.config);
  const orderId = form?.get("orderId");
  const status = form?.get("deliveryStatus");
  if (typeof orderId !== "string" || !isDeliveryStatus(status)) return fail();
  try {
    const { order, changed } = await changeOrderStatus(context, admin, orderId, status);
    const ref = displayOrderRef(order);
    const message = changed
      ? `Order ${ref} is now ${order.deliveryStatus}`
      : `Order ${ref} was already ${order.deliveryStatus}`;
    return redirectWithToast(back, { type: "success", message }, context.config);
  } catch (error) {
    if (!(error instanceof AppError)) console.error("status update failed", error);
    return fail();
  }
}

export default function AdminOrders() {
  const { orders, page, hasMore } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const here = page > 1 ? `/admin/orders?page=${page}` : "/admin/orders";
  if (orders.length === 0) return <p className="text-gray-600">No orders yet.</p>;
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="sr-only">
        Orders
      </h2>
      <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                Order Ref
              </th>
              <th scope="col" className="px-3 py-2">
                Email
              </th>
              <th scope="col" className="px-3 py-2">
                Total
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                Action
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {orders.map((order) => (
              <tr key={order.id} className="align-top">
                <td className="px-3 py-2">
                  <details>
                    <summary className="cursor-pointer font-medium">{order.orderRef}</summary>
                    <div className="mt-2 space-y-2 text-xs text-gray-700">
                      <p>
                        {order.name} · {order.phone}
                      </p>
                      <p className="whitespace-pre-line">{order.deliveryAddress}</p>
                      <ul>
                        {order.items.map((item) => (
                          <li key={item.id}>
                            {item.name} × {item.quantity}
                          </li>
                        ))}
                      </ul>
                      <OrderTimeline placedAt={order.createdAt} entries={order.timeline} showWho />
                    </div>
                  </details>
                </td>
                <td className="px-3 py-2 break-all">{order.email}</td>
                <td className="px-3 py-2">{formatNaira(order.totalKobo)}</td>
                <td className="px-3 py-2">
                  <StatusBadge status={order.deliveryStatus} />
                </td>
                <td className="px-3 py-2">
                  <Form method="post" preventScrollReset className="flex items-center gap-2">
                    <input type="hidden" name="orderId" value={order.id} />
                    <input type="hidden" name="redirectTo" value={here} />
                    <label htmlFor={`status-${order.id}`} className="sr-only">
                      Status of order {order.orderRef}
                    </label>
                    <select
                      id={`status-${order.id}`}
                      name="deliveryStatus"
                      defaultValue={order.deliveryStatus}
                      key={order.deliveryStatus}
                      onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
                      className="rounded-lg border border-gray-300 bg-white px-2 py-1"
                    >
                      {DELIVERY_STATUSES.map((status) => (
                        <option key={status} value={status}>
                          {status}
                        </option>
                      ))}
                    </select>
                    {/* With JavaScript the change saves itself; without it, this button saves. */}
                    {hydrated ? null : (
                      <button type="submit" className="rounded-lg border border-gray-300 px-2 py-1">
                        Save
                      </button>
                    )}
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages" className="mt-4 flex justify-between">
        {page > 1 ? <Link to={`/admin/orders?page=${page - 1}`}>← Newer</Link> : <span />}
        {hasMore ? <Link to={`/admin/orders?page=${page + 1}`}>Older →</Link> : null}
      </nav>
    </section>
  );
}
