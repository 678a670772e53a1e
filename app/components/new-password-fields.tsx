import { PASSWORD_MIN } from "~/lib/limits";
import { PasswordInput } from "./password-input";

/**
 * "New password" and "New password again", as every form that sets a password asks for them (a password
 * change on /account, a reset link): the same names, lengths and autocomplete hints, so a password manager
 * offers to generate and save the same way on both.
 */
export function NewPasswordFields({
  idPrefix = "",
  errors,
}: {
  /** Keeps the ids unique on a page that has another password form. */
  idPrefix?: string;
  errors?: { newPassword?: string; confirmPassword?: string };
}) {
  return (
    <>
      <PasswordInput
        id={`${idPrefix}new-password`}
        name="newPassword"
        label="New password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        error={errors?.newPassword}
      />
      <PasswordInput
        id={`${idPrefix}confirm-password`}
        name="confirmPassword"
        label="New password again"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        error={errors?.confirmPassword}
      />
    </>
  );
}
