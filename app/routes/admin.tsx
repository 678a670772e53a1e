/**
 * /admin: the back office layout. Every tab is its own URL (linkable, works without JavaScript); the
 * server checks the admin role here and again in every tab's loader and action.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { AdminChatPanel } from "~/components/chat";
import { requireBackOfficeUser } from "~/services/session.server";
import { ADMIN_ROLE_LABELS, can, type Permission } from "~/lib/admin-roles";
import { LogoutButton } from "~/components/logout-button";
import backOfficeStyles from "~/styles/back-office.css?url";

export const meta: MetaFunction = () => [
  { title: "Admin | MediStore" },
  { name: "robots", content: "noindex" },
];

/**
 * The back office's utilities, which the inline catalogue sheet leaves out (styles/back-office.css). A real
 * stylesheet link, so it applies without JavaScript too; on a move here in the browser, Remix loads it
 * before it shows the page.
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: backOfficeStyles }];

/** The tabs; one with a permission shows only to the roles that have it (the page checks again). */
const TABS: { to: string; label: string; end?: boolean; permission?: Permission }[] = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/admins", label: "Admins" },
  { to: "/admin/prescriptions", label: "Prescriptions" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/outbox", label: "Outbox" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/delivery", label: "Delivery" },
  { to: "/admin/audit", label: "Audit", permission: "viewAudit" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireBackOfficeUser(request, context);
  // The chat panel asks for its customers itself once its code runs (it needs JavaScript anyway), so no
  // admin page waits for them.
  return {
    admin: { name: admin.name, email: admin.email, role: ADMIN_ROLE_LABELS[admin.adminRole] },
    tabs: TABS.filter((tab) => !tab.permission || can(admin.adminRole, tab.permission)).map(
      ({ to, label, end }) => ({ to, label, end }),
    ),
  };
}

export default function AdminLayout() {
  const { admin, tabs } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-gray-900">Admin</h1>
          <p className="text-sm break-words text-gray-600">
            Signed in as {admin.email} · {admin.role}
          </p>
        </div>
        <LogoutButton />
      </div>
      {/* On a phone the tabs wrap onto a second row rather than hide off the side. */}
      <nav aria-label="Admin sections" className="mt-4">
        <ul className="flex flex-wrap gap-1 md:gap-0 md:border-b md:border-gray-200">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                prefetch="intent"
                className={({ isActive }) =>
                  `block rounded-full px-3 py-1.5 text-sm font-medium md:rounded-none md:border-b-2 md:py-2 ${
                    isActive
                      ? "bg-brand-700 text-white md:border-brand-700 md:bg-transparent md:text-brand-700"
                      : "bg-gray-100 text-gray-700 hover:text-gray-900 md:border-transparent md:bg-transparent md:text-gray-600"
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
      {/* The chat panel sits beneath the tabs ("Consult" in the header leads here). */}
      <div id="chat" className="mt-6">
        <AdminChatPanel />
      </div>
    </main>
  );
}
