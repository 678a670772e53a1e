/**
 * Labelled inputs with their error messages, shared by every form (checkout, contact, accounts, admin).
 * A field's limits (`constraint`) come from the schema the server checks it with (lib/form-constraints.ts),
 * passed down in loader data: no field states a limit of its own.
 */
import type { HTMLAttributes } from "react";
import type { FieldConstraint } from "~/lib/form-constraints";

export const INPUT_CLASS =
  "mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/40 aria-invalid:border-red-600";

/**
 * A field's error: its own message under it, or, when a message above the form already says it
 * (`describedBy` names that message), only the field marked as invalid and pointed at it.
 */
type FieldProblem = { error?: string; invalid?: boolean; describedBy?: string };

function problemAttributes(id: string, { error, invalid, describedBy }: FieldProblem) {
  return {
    "aria-invalid": error || invalid ? true : undefined,
    "aria-describedby": error ? `${id}-error` : invalid ? describedBy : undefined,
  } as const;
}

export function FormField({
  label,
  name,
  type = "text",
  error,
  defaultValue,
  autoComplete,
  constraint,
  placeholder,
  inputMode,
  idPrefix = "field",
  invalid,
  describedBy,
}: FieldProblem & {
  label: string;
  name: string;
  /** The kind of keyboard (tel, search); an e-mail field's type comes from its constraint. */
  type?: string;
  defaultValue?: string;
  autoComplete?: string;
  constraint: FieldConstraint;
  placeholder?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  idPrefix?: string;
}) {
  const id = `${idPrefix}-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        {...constraint}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        {...problemAttributes(id, { error, invalid, describedBy })}
        className={INPUT_CLASS}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A labelled multi-line field (address, message) with its error message. */
export function TextAreaField({
  label,
  name,
  rows,
  constraint,
  error,
  defaultValue,
  autoComplete,
  idPrefix,
  invalid,
  describedBy,
}: FieldProblem & {
  label: string;
  name: string;
  constraint: FieldConstraint;
  rows: number;
  defaultValue?: string;
  autoComplete?: string;
  idPrefix: string;
}) {
  const id = `${idPrefix}-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        required={constraint.required}
        minLength={constraint.minLength}
        maxLength={constraint.maxLength}
        rows={rows}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        {...problemAttributes(id, { error, invalid, describedBy })}
        className={INPUT_CLASS}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

export function FormError({ message, id }: { message?: string | null; id?: string }) {
  return message ? (
    <p id={id} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  ) : null;
}
