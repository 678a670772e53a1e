/**
 * The one error type a use case throws: an HTTP status, a message the person may read, and the fields it
 * is about. Page actions turn it into form errors, `/api/*` routes into JSON (services/http.server.ts).
 */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: HeadersInit,
  ) {
    super(message);
  }
}

/** The first message of a set of field errors, for the one line above a form. */
export function firstFieldError(errors: FieldErrors, fallback = "Please check the form."): string {
  return Object.values(errors)[0] ?? fallback;
}

/** What a page action answers when a use case refuses: one line, the fields, and what was typed. */
export type FormFailure = {
  formError?: string;
  errors?: FieldErrors;
  values?: Record<string, string>;
};
