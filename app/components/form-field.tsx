/** Labelled inputs with their error messages, shared by every form (checkout, contact, accounts, admin). */
import type { HTMLAttributes } from "react";

export const INPUT_CLASS =
  "mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/40";

export function FormField({
  label,
  name,
  type = "text",
  error,
  defaultValue,
  autoComplete,
  required = true,
  maxLength,
  placeholder,
  inputMode,
  idPrefix = "field",
}: {
  label: string;
  name: string;
  type?: string;
  error?: string;
  defaultValue?: string;
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
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
        required={required}
        maxLength={maxLength}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
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
  maxLength,
  error,
  defaultValue,
  autoComplete,
  idPrefix,
}: {
  label: string;
  name: string;
  rows: number;
  maxLength: number;
  error?: string;
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
        required
        rows={rows}
        maxLength={maxLength}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
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
