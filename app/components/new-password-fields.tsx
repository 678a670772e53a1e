import type { FieldConstraint } from "~/lib/form-constraints";
import { PasswordInput } from "./password-input";

/**
 * "New password" and "New password again", as every form that sets a password asks for them (a password
 * change on /account, a reset link): the same names, lengths and autocomplete hints, so a password manager
 * offers to generate and save the same way on both.
 */
export function NewPasswordFields({
  idPrefix = "",
  errors,
  constraints,
}: {
  /** Keeps the ids unique on a page that has another password form. */
  idPrefix?: string;
  errors?: { newPassword?: string; confirmPassword?: string };
  /** The form's limits by field (lib/form-constraints.ts): newPassword and confirmPassword. */
  constraints: { readonly [field: string]: FieldConstraint };
}) {
  return (
    <>
      <PasswordInput
        id={`${idPrefix}new-password`}
        name="newPassword"
        label="New password"
        autoComplete="new-password"
        constraint={constraints.newPassword}
        error={errors?.newPassword}
      />
      <PasswordInput
        id={`${idPrefix}confirm-password`}
        name="confirmPassword"
        label="New password again"
        autoComplete="new-password"
        constraint={constraints.confirmPassword}
        error={errors?.confirmPassword}
      />
    </>
  );
}
