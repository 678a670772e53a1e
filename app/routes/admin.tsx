/**
 * /admin: the back office layout. Every tab is its own URL (linkable, works without JavaScript); the
 * server checks the admin role here and again in every tab's loader and action.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { AdminChatPanel } from "~/components/chat";
import { listUsers } from "~/models/user.server";
import { requireAdmin } from "~/services/session.server";
import { LogoutButton } from "~/components/logout-button";

export const meta: MetaFunction = () => [
  { title: "Admin | MediStore" },
  { name: "robots", content: "noindex" },
];

const TABS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/admins", label: "Admins" },
  { to: "/admin/prescriptions", label: "Prescriptions" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/users", label: "Users" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  // The chat panel's dropdown: every customer (admins do not chat with each other here).
  const customers = (await listUsers(context.db, { role: "user" })).map(({ id, name, email }) => ({
    id,
    name,
    email,
  }));
  return { admin: { name: admin.name, email: admin.email }, customers };
}

export default function AdminLayout() {
  const { admin, customers } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Admin</h1>
          <p className="text-sm text-gray-600">Signed in as {admin.email}</p>
        </div>
        <LogoutButton />
      </div>
      <nav aria-label="Admin sections" className="mt-4 overflow-x-auto">
        <ul className="flex min-w-max gap-1 border-b border-gray-200">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                prefetch="intent"
                className={({ isActive }) =>
                  `block border-b-2 px-3 py-2 text-sm font-medium ${
                    isActive
                      ? "border-brand-700 text-brand-700"
                      : "border-transparent text-gray-600 hover:text-gray-900"
                  }`
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
      {/* The chat panel sits beneath the tabs. */}
      <div className="mt-6">
        <AdminChatPanel customers={customers} />
      </div>
    </main>
  );
}
