import type { PublicUser } from "~/lib/user";

/** Where a user goes after logging in: admins to /admin, everyone else to /dashboard (or back). */
export function homeFor(user: PublicUser, redirectTo?: string | null): string {
  if (redirectTo) return redirectTo;
  return user.role === "admin" ? "/admin" : "/dashboard";
}
