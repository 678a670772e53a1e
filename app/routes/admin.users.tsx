/** Admin › Users: every account (never password data). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { listUsers } from "~/models/user.server";
import { requireAdmin } from "~/services/session.server";
import { LocalTime } from "~/components/local-time";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return { users: await listUsers(context.db) };
}

export default function AdminUsers() {
  const { users } = useLoaderData<typeof loader>();
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className="px-3 py-2">
              Name
            </th>
            <th scope="col" className="px-3 py-2">
              Email
            </th>
            <th scope="col" className="px-3 py-2">
              Role
            </th>
            <th scope="col" className="px-3 py-2">
              Joined
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {users.map((u) => (
            <tr key={u.id}>
              <td className="px-3 py-2">{u.name}</td>
              <td className="px-3 py-2 break-all">{u.email}</td>
              <td className="px-3 py-2">{u.role === "admin" ? "Admin" : "Customer"}</td>
              <td className="px-3 py-2">
                <LocalTime ms={u.createdAt} withTime={false} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
