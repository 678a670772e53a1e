import { useState } from "react";
import type { FieldConstraint } from "~/lib/form-constraints";
import { useHydrated } from "~/lib/use-hydrated";

/** A password field with a show/hide toggle (the toggle needs JavaScript; the field works without). */
export function PasswordInput({
  id,
  autoComplete,
  error,
  constraint,
  label = "Password",
  name = "password",
}: {
  id: string;
  autoComplete: "current-password" | "new-password";
  error?: string;
  /** The schema's limits (lib/form-constraints.ts). */
  constraint: FieldConstraint;
  label?: string;
  name?: string;
}) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          required={constraint.required}
          minLength={constraint.minLength}
          maxLength={constraint.maxLength}
          pattern={constraint.pattern}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full rounded-lg border border-gray-300 px-3 py-2 pr-16"
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls={id}
            className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand-700"
          >
            {visible ? "Hide" : "Show"}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
