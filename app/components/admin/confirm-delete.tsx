import { Form, Link } from "@remix-run/react";
import { useId, useRef } from "react";
import { useHydrated } from "~/lib/use-hydrated";

export const DELETE_PRODUCT_QUESTION = "Are you sure you want to delete this product?";

/**
 * Delete behind a confirmation: a dialog with JavaScript; without it, a link to a confirmation
 * page (`confirmHref`) whose form does the deleting.
 */
export function ConfirmDeleteButton({ label, confirmHref }: { label: string; confirmHref: string }) {
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const questionId = useId();
  const buttonClass =
    "rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50";
  if (!hydrated) {
    return (
      <Link to={confirmHref} className={buttonClass} aria-label={`Delete ${label}`}>
        Delete
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className={buttonClass}
        aria-label={`Delete ${label}`}
        onClick={() => dialogRef.current?.showModal()}
      >
        Delete
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={questionId}
        className="m-auto max-w-sm rounded-xl p-5 shadow-xl backdrop:bg-black/40"
      >
        <p id={questionId} className="font-semibold text-gray-900">
          {DELETE_PRODUCT_QUESTION}
        </p>
        <p className="mt-1 text-sm text-gray-600">{label}</p>
        <Form
          method="post"
          action={confirmHref}
          className="mt-4 flex justify-end gap-2"
          onSubmit={() => dialogRef.current?.close()}
        >
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm"
          >
            Cancel
          </button>
          <button
            type="submit"
            className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white"
          >
            Delete
          </button>
        </Form>
      </dialog>
    </>
  );
}
