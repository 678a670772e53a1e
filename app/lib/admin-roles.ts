/**
 * Who may do what in the back office (docs/product-rules.md, Back office roles). An admin's role is never
 * stored: it follows from their PCN registration number on every request. The superintendent pharmacist is
 * the admin holding the pharmacy's configured superintendent PCN number (SUPERINTENDENT_PHARMACIST_PCN),
 * a pharmacist is any other admin with a PCN number, and staff have none. The server checks each action
 * against PERMISSIONS; the pages read the same table to offer only what the admin may do.
 */
export const ADMIN_ROLES = ["superintendent", "pharmacist", "staff"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  superintendent: "Superintendent pharmacist",
  pharmacist: "Pharmacist",
  staff: "Staff",
};

/** The role of an admin with this PCN number (stored uppercased; null: none). */
export function adminRoleOf(pcnNumber: string | null | undefined, superintendentPcn: string): AdminRole {
  if (!pcnNumber) return "staff";
  return pcnNumber === superintendentPcn.trim().toUpperCase() ? "superintendent" : "pharmacist";
}

const EVERY_ADMIN: readonly AdminRole[] = ADMIN_ROLES;
const SUPERINTENDENT_ONLY: readonly AdminRole[] = ["superintendent"];

export const PERMISSIONS = {
  /** Add an admin without a PCN number (the spec's Admins page and `POST /api/admins`). */
  createStaff: EVERY_ADMIN,
  /** Give or take away a PCN number, at creation or later: who is a pharmacist. */
  setPcnNumber: SUPERINTENDENT_ONLY,
  /** Take an account's admin access away. */
  removeAdmin: SUPERINTENDENT_ONLY,
  /** A one-time password reset link for a customer's account. */
  resetCustomerLink: EVERY_ADMIN,
  /** A one-time password reset link for an admin's account (whoever holds it holds the account). */
  resetAdminLink: SUPERINTENDENT_ONLY,
  /** Approve or reject prescription-only orders: PCN holders. */
  reviewPrescriptions: ["superintendent", "pharmacist"],
  /** The audit trail of back-office actions, and its CSV. */
  viewAudit: SUPERINTENDENT_ONLY,
} as const satisfies Record<string, readonly AdminRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: AdminRole | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly AdminRole[]).includes(role);
}

/** What an admin is told when they try what their role does not allow. */
export const NOT_ALLOWED: Record<Exclude<Permission, "createStaff" | "resetCustomerLink">, string> = {
  setPcnNumber:
    "Only the superintendent pharmacist can give or remove a PCN number. Leave the PCN number empty to add a staff admin.",
  removeAdmin: "Only the superintendent pharmacist can remove an admin.",
  resetAdminLink: "Only the superintendent pharmacist can issue a reset link for an admin's account.",
  reviewPrescriptions: "Only a pharmacist (an admin with a PCN number) can review prescriptions.",
  viewAudit: "Only the superintendent pharmacist can see the audit trail.",
};
