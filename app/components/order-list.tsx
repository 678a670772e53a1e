import { Link, useNavigate } from "@remix-run/react";
import { formatNaira } from "~/lib/money";
import { StatusBadge } from "./status-badge";
import { OrderTimeline } from "./order-timeline";
import { reviewSummary, type OrderView } from "~/features/orders/order-view";
import { ReviewBadge } from "./review-badge";
import { LocalTime } from "~/components/local-time";
import { ProductThumb } from "./product-thumb";
import { productPath } from "~/features/catalogue/product-view";

/**
 * An order line's name, linked to the product's page while the product exists (a line whose product was
 * deleted keeps its name, with no link). Lines carry `productId` when the order view provides it.
 */
function LineName({ item }: { item: { name: string; productId?: number | null } }) {
  return typeof item.productId === "number" ? (
    <Link to={productPath({ id: item.productId, name: item.name })} className="hover:underline">
      {item.name}
    </Link>
  ) : (
    <>{item.name}</>
  );
}

/** The shared layout of /orders and /pending-deliveries. */
export function OrderListPage({
  title,
  orders,
  empty,
}: {
  title: string;
  orders: OrderView[];
  empty: string;
}) {
  const navigate = useNavigate();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        {/* A real link without JavaScript; history back with it. */}
        <Link
          to="/dashboard"
          onClick={(event) => {
            if (window.history.length > 1) {
              event.preventDefault();
              navigate(-1);
            }
          }}
          className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-800"
        >
          Back
        </Link>
      </div>
      {orders.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-gray-300 p-8 text-center">
          <p className="text-lg font-medium text-gray-800">{empty}</p>
          <Link to="/#shop" className="mt-3 inline-block font-medium text-brand-700 underline">
            Go to the shop
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {orders.map((order) => (
            <li key={order.id} className="rounded-xl border border-gray-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="font-semibold">
                  <Link to={`/order/${order.accessToken}`} className="hover:underline">
                    Order #{order.orderRef}
                  </Link>
                </h2>
                <span className="flex flex-wrap gap-1">
                  <StatusBadge status={order.deliveryStatus} />
                  <ReviewBadge status={order.reviewStatus} />
                </span>
              </div>
              <p className="text-xs text-gray-600">
                <LocalTime ms={order.createdAt} withTime={false} />
              </p>
              <ul className="mt-3 divide-y divide-gray-100">
                {order.items.map((item) => (
                  <li key={item.id} className="flex items-start gap-3 py-2">
                    <ProductThumb src={item.imageUrl} size={40} className="h-10 w-10 shrink-0 rounded" />
                    {/* Long names wrap (a phone has no room for name, quantity and price on one line). */}
                    <span className="min-w-0 flex-1 text-sm">
                      <span className="block break-words">
                        <LineName item={item} />
                      </span>
                      <span className="block text-gray-700">Qty: {item.quantity}</span>
                    </span>
                    <span className="shrink-0 text-right text-sm">{formatNaira(item.unitPriceKobo)}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-sm text-gray-700">
                <span className="font-medium">Delivery address:</span> {order.deliveryAddress}
              </p>
              <p className="mt-1 text-right font-semibold">Total: {formatNaira(order.totalKobo)}</p>
              {order.prescriptionReview ? (
                <p className="mt-2 text-sm font-medium" data-testid="review-summary">
                  {reviewSummary(order.prescriptionReview)}
                  {order.prescriptionReview.note ? (
                    <span className="block font-normal text-gray-700">
                      Note: {order.prescriptionReview.note}
                    </span>
                  ) : null}
                </p>
              ) : null}
              {order.timeline.length > 0 || order.prescriptionReview ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm text-brand-700">Status history</summary>
                  <div className="mt-2">
                    <OrderTimeline
                      placedAt={order.createdAt}
                      entries={order.timeline}
                      review={order.prescriptionReview}
                    />
                  </div>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
