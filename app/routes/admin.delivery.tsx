/** Admin › Delivery: each state's fee and expected time, and the free-delivery threshold (one form, no JS needed). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, INPUT_CLASS } from "~/components/form-field";
import { deliveryTable, updateDeliveryFees } from "~/features/delivery/delivery.server";
import type { FormFailure } from "~/lib/app-error";
import { koboToNaira } from "~/lib/money";
import { handleForm } from "~/services/http.server";
import { requireAdmin, withReads } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

export const DELIVERY_SAVED = "Delivery fees saved.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page's reads travel to D1 with the session lookup, in one trip.
  const [, table] = await withReads(request, context, requireAdmin, () => deliveryTable(context));
  return table;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  return handleForm(async () => {
    await updateDeliveryFees(context, admin, form ?? new FormData());
    return redirectWithToast("/admin/delivery", { type: "success", message: DELIVERY_SAVED }, context.config);
  });
}

const NUMBER_INPUT = `${INPUT_CLASS} mt-0 text-right`;

export default function AdminDelivery() {
  const { fees, freeThresholdKobo } = useLoaderData<typeof loader>();
  const result = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="flex flex-col gap-4">
      <FormError message={result?.formError} />
      <div className="rounded-xl border border-gray-200 bg-white p-4">
        <label htmlFor="free-threshold" className="block font-semibold">
          Free delivery from (₦)
        </label>
        <p className="text-sm text-gray-600">
          Orders whose goods cost at least this are delivered free. Empty: never.
        </p>
        <input
          id="free-threshold"
          name="freeThreshold"
          inputMode="decimal"
          defaultValue={freeThresholdKobo === null ? "" : String(koboToNaira(freeThresholdKobo))}
          className={`${INPUT_CLASS} max-w-48`}
        />
      </div>
      <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
        <table className="w-full text-sm">
          <caption className="p-3 text-left text-gray-600">
            Fee in naira; expected delivery in working days.
          </caption>
          <thead className="bg-gray-50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2">
                State
              </th>
              <th scope="col" className="px-3 py-2">
                Fee (₦)
              </th>
              <th scope="col" className="px-3 py-2">
                Days from
              </th>
              <th scope="col" className="px-3 py-2">
                to
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {fees.map((fee) => (
              <tr key={fee.state}>
                <th scope="row" className="px-3 py-1.5 text-left font-medium">
                  {fee.state}
                </th>
                <td className="px-3 py-1.5">
                  <input
                    name={`fee[${fee.state}]`}
                    aria-label={`Fee for ${fee.state} in naira`}
                    inputMode="decimal"
                    required
                    defaultValue={String(koboToNaira(fee.feeKobo))}
                    className={`${NUMBER_INPUT} w-24`}
                  />
                </td>
                <td className="px-3 py-1.5">
                  <input
                    name={`daysMin[${fee.state}]`}
                    aria-label={`Shortest delivery time to ${fee.state} in working days`}
                    inputMode="numeric"
                    required
                    defaultValue={String(fee.daysMin)}
                    className={`${NUMBER_INPUT} w-16`}
                  />
                </td>
                <td className="px-3 py-1.5">
                  <input
                    name={`daysMax[${fee.state}]`}
                    aria-label={`Longest delivery time to ${fee.state} in working days`}
                    inputMode="numeric"
                    required
                    defaultValue={String(fee.daysMax)}
                    className={`${NUMBER_INPUT} w-16`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60"
        >
          {busy ? "Saving…" : "Save delivery fees"}
        </button>
      </div>
    </Form>
  );
}
