/** /delivery: what delivery costs and how long it takes, state by state, before a shopper checks out. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { deliveryTime } from "~/features/delivery/delivery-view";
import { deliveryTable } from "~/features/delivery/delivery.server";
import { formatNaira } from "~/lib/money";

export const meta: MetaFunction = () => [
  { title: "Delivery fees and times | MediStore" },
  {
    name: "description",
    content: "MediStore delivers to all 36 states and the FCT. Fees and times by state.",
  },
];

export async function loader({ context }: LoaderFunctionArgs) {
  return deliveryTable(context);
}

export default function Delivery() {
  const { fees, freeThresholdKobo } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-gray-900">Delivery fees and times</h1>
      <p className="mt-2 text-gray-700">
        We deliver to all 36 states and the FCT. The fee is added at checkout once you choose your state; you
        pay on delivery (cash or card on the rider&apos;s POS) or by bank transfer.
        {freeThresholdKobo !== null ? (
          <>
            {" "}
            <strong>
              Delivery is free when your medicines cost {formatNaira(freeThresholdKobo)} or more.
            </strong>
          </>
        ) : null}
      </p>
      <div className="mt-6 overflow-x-auto rounded-xl border border-gray-200 bg-white">
        <table className="w-full text-sm">
          <thead className="bg-gray-50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2">
                State
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Fee
              </th>
              <th scope="col" className="px-3 py-2">
                Expected delivery
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {fees.map((fee) => (
              <tr key={fee.state}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {fee.state}
                </th>
                <td className="px-3 py-2 text-right whitespace-nowrap">
                  {fee.feeKobo === 0 ? "Free" : formatNaira(fee.feeKobo)}
                </td>
                <td className="px-3 py-2">{deliveryTime(fee.daysMin, fee.daysMax)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-6 text-sm">
        <Link to="/shop" className="font-medium text-brand-700 hover:underline">
          Continue shopping
        </Link>
      </p>
    </main>
  );
}
