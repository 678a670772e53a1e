/** Admin › Prescriptions: every upload with its image (served privately), owner and date. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { allPrescriptions } from "~/features/prescriptions/prescriptions.server";
import { requireAdmin, withReads } from "~/services/session.server";
import { LocalTime } from "~/components/local-time";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page's reads travel to D1 with the session lookup, in one trip.
  const [, rows] = await withReads(request, context, requireAdmin, () => allPrescriptions(context));
  return {
    // A guest's upload goes by the name and e-mail given on the order placed with it.
    prescriptions: rows.map((p) => ({
      id: p.id,
      url: p.url,
      name: p.userName ?? p.orderName,
      email: p.userEmail ?? p.orderEmail,
      guest: p.userName === null && p.orderName !== null,
      createdAt: p.createdAt,
    })),
  };
}

export default function AdminPrescriptions() {
  const { prescriptions } = useLoaderData<typeof loader>();
  if (prescriptions.length === 0) return <p className="text-gray-600">No prescriptions uploaded yet</p>;
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
      {prescriptions.map((p) => (
        <li key={p.id} className="rounded-xl border border-gray-200 bg-white p-3">
          <a href={p.url} target="_blank" rel="noopener noreferrer">
            <img
              src={p.url}
              alt={`Prescription from ${p.name ?? "Unknown User"}`}
              loading="lazy"
              className="aspect-square w-full rounded-lg bg-gray-100 object-contain"
            />
          </a>
          <p className="mt-2 text-sm font-semibold break-words">
            {p.name ?? "Unknown User"}
            {p.guest ? <span className="font-normal text-gray-600"> (guest)</span> : null}
          </p>
          <p className="text-xs break-all text-gray-600">{p.email}</p>
          <p className="text-xs text-gray-600">
            <LocalTime ms={p.createdAt} />
          </p>
        </li>
      ))}
    </ul>
  );
}
