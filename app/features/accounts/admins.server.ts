/**
 * The admins and their roles (app/lib/admin-roles.ts): any admin adds staff admins; only the superintendent
 * pharmacist makes pharmacists (a PCN number, at creation or later), takes a PCN number away, or removes an
 * admin. Each change and its audit entry are one D1 batch.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "~/lib/app-error";
import { adminRoleOf, can, NOT_ALLOWED, type AdminRole } from "~/lib/admin-roles";
import { adminCreateSchema, apiAdminCreateSchema, pcnNumberField } from "~/lib/validation";
import { isOtherAdmin, listUsers, PcnNumberTaken, revokeAdmin, setPcnNumber } from "~/models/user.server";
import { parseOrThrow } from "~/services/http.server";
import type { BackOfficeUser } from "~/services/session.server";
import type { PublicUser } from "~/lib/user";
import { audit } from "../audit/audit.server";
import { createAccount, DEFAULT_ADMIN_NAME, PCN_NUMBER_TAKEN } from "./accounts.server";

export const NOT_ANOTHER_ADMIN = "That account is not another admin (it may have been removed already).";
export const PCN_NUMBER_REQUIRED = "Please enter the PCN registration number to give.";

function refuseUnless(admin: BackOfficeUser, permission: keyof typeof NOT_ALLOWED, field?: string) {
  if (can(admin.adminRole, permission)) return;
  const message = NOT_ALLOWED[permission];
  throw new AppError(403, message, field ? { [field]: message } : undefined);
}

/**
 * An admin creating another admin: e-mail, password and the name customers will see, and for a
 * pharmacist a PCN number (the superintendent's to give: 403 for anyone else). The page asks for the
 * name; the API (`via: "api"`) keeps accepting requests without one.
 */
export async function createAdmin(
  context: AppLoadContext,
  creator: BackOfficeUser,
  input: unknown,
  { via = "page" }: { via?: "page" | "api" } = {},
): Promise<PublicUser & { pcnNumber: string | null }> {
  const { name, email, password, pcnNumber } =
    via === "api" ? parseOrThrow(apiAdminCreateSchema, input) : parseOrThrow(adminCreateSchema, input);
  if (pcnNumber) refuseUnless(creator, "setPcnNumber", "pcnNumber");
  const id = crypto.randomUUID();
  const admin = await createAccount(
    context.db,
    { id, name: name ?? DEFAULT_ADMIN_NAME, email, password, role: "admin", pcnNumber: pcnNumber ?? null },
    [
      audit(context, creator, {
        action: "admin_created",
        record: { type: "account", id },
        detail: `${email}${pcnNumber ? `, pharmacist with PCN ${pcnNumber}` : ", staff"}`,
      }),
    ],
  );
  return { ...admin, pcnNumber: pcnNumber ?? null };
}

const accountId = (raw: unknown) => (typeof raw === "string" ? raw.slice(0, 64) : "");

/** Writes an admin's PCN number (null: none) with its audit entry; the caller checked the permission. */
async function writePcnNumber(
  context: AppLoadContext,
  superintendent: BackOfficeUser,
  id: string,
  pcnNumber: string | null,
) {
  const fact = pcnNumber
    ? ({ action: "pcn_granted", detail: `PCN ${pcnNumber}` } as const)
    : ({ action: "pcn_removed" } as const);
  try {
    const changed = await setPcnNumber(context.db, { id, pcnNumber, exceptId: superintendent.id }, [
      audit(context, superintendent, {
        ...fact,
        record: { type: "account", id },
        onlyIf: isOtherAdmin(id, superintendent.id),
      }),
    ]);
    if (!changed) throw new AppError(404, NOT_ANOTHER_ADMIN);
  } catch (error) {
    if (error instanceof PcnNumberTaken)
      throw new AppError(409, PCN_NUMBER_TAKEN, { pcnNumber: PCN_NUMBER_TAKEN });
    throw error;
  }
}

/**
 * The superintendent gives another admin a PCN number: they become a pharmacist (or, already one, their
 * number is corrected). 403 for anyone else, 400 for a missing or malformed number, 404 when the account
 * is not another admin, 409 when the number is another admin's.
 */
export async function grantPcnNumber(
  context: AppLoadContext,
  superintendent: BackOfficeUser,
  adminId: unknown,
  rawPcnNumber: unknown,
): Promise<string> {
  refuseUnless(superintendent, "setPcnNumber", "pcnNumber");
  const pcnNumber = parseOrThrow(pcnNumberField, rawPcnNumber ?? undefined);
  if (!pcnNumber) throw new AppError(400, PCN_NUMBER_REQUIRED, { pcnNumber: PCN_NUMBER_REQUIRED });
  await writePcnNumber(context, superintendent, accountId(adminId), pcnNumber);
  return pcnNumber;
}

/** The superintendent takes another admin's PCN number away: they are staff from their next request. */
export async function removePcnNumber(
  context: AppLoadContext,
  superintendent: BackOfficeUser,
  adminId: unknown,
): Promise<void> {
  refuseUnless(superintendent, "setPcnNumber");
  await writePcnNumber(context, superintendent, accountId(adminId), null);
}

/**
 * The superintendent takes another admin's access away: the account becomes a customer's, signed out
 * everywhere. 403 for anyone else, 404 when it is not another admin.
 */
export async function removeAdmin(
  context: AppLoadContext,
  superintendent: BackOfficeUser,
  adminId: unknown,
): Promise<void> {
  refuseUnless(superintendent, "removeAdmin");
  const id = accountId(adminId);
  const removed = await revokeAdmin(context.db, { id, exceptId: superintendent.id }, [
    audit(context, superintendent, {
      action: "admin_removed",
      record: { type: "account", id },
      onlyIf: isOtherAdmin(id, superintendent.id),
    }),
  ]);
  if (!removed) throw new AppError(404, NOT_ANOTHER_ADMIN);
}

/** Every admin with their role, newest first (the Admins page). */
export async function adminsWithRoles(context: AppLoadContext) {
  const admins = await listUsers(context.db, { role: "admin" });
  return admins.map((a) => ({
    id: a.id,
    name: a.name,
    email: a.email,
    pcnNumber: a.pcnNumber,
    createdAt: a.createdAt,
    role: adminRoleOf(a.pcnNumber, context.config.pharmacy.superintendentPcn) satisfies AdminRole,
  }));
}
