/**
 * HTTP adapters between routes and use cases: reading JSON bodies, parsing with a schema, and turning an
 * AppError into the answer each kind of route gives (JSON with a `message` for `/api/*`, form errors with
 * the typed values kept for pages).
 */
import { data, type HeadersFunction } from "@remix-run/cloudflare";
import type { z } from "zod";
import { AppError, type FieldErrors, type FormFailure } from "~/lib/app-error";
import { BODY_MAX_BYTES } from "~/lib/limits";
import { fieldErrors } from "~/lib/validation";
import { constraintsOf, type FormConstraints } from "~/lib/form-constraints";
import { FORMS, type FormName } from "~/lib/forms";
import type { AppConfig } from "./env.server";
import { redirectWithToast } from "./toast.server";

export function jsonError(
  status: number,
  message: string,
  extra?: Record<string, unknown>,
  headers?: HeadersInit,
) {
  return Response.json({ message, ...extra }, { status, headers });
}

/** Reads a JSON body no larger than maxBytes; anything else is a 4xx AppError with a clear message. */
export async function readJson(request: Request, maxBytes = BODY_MAX_BYTES): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json"))
    throw new AppError(415, "Send the request body as JSON (Content-Type: application/json).");
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw new AppError(413, "The request body is too large.");
  const text = await request.text();
  if (text.length > maxBytes) throw new AppError(413, "The request body is too large.");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, "The request body is not valid JSON.");
  }
}

/** Reads a form body; an unreadable one is a 400 with the given message. */
export async function readForm(request: Request, message = UNREADABLE_FORM) {
  const form = await request.formData().catch(() => null);
  if (!form) throw new AppError(400, message);
  return form;
}

/**
 * Parses with a schema; a failure is a 400 whose message is the first problem (or `summary` of them all)
 * and whose field errors are all of them, the first message per field.
 */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  value: unknown,
  summary?: (errors: FieldErrors) => string,
): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw new AppError(
    400,
    summary ? summary(errors) : (Object.values(errors)[0] ?? "Invalid request."),
    errors,
  );
}

/** API clients are told which field a message is about: "email: Please enter a valid email address." */
function apiMessage(error: AppError): string {
  const [path, first] = Object.entries(error.fieldErrors ?? {})[0] ?? [];
  return path && first === error.message ? `${path}: ${first}` : error.message;
}

/** `/api/*`: runs the handler and answers an AppError as JSON with its status and `message`. */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) {
      const errors = error.fieldErrors
        ? Object.entries(error.fieldErrors).map(([path, message]) => ({ path, message }))
        : undefined;
      return jsonError(error.status, apiMessage(error), errors ? { errors } : undefined, error.headers);
    }
    if (error instanceof Response) return error;
    console.error("api error", error);
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

/** How a page action answers when it cannot do what the form asked. */
export type FormActionOptions = {
  /** What the person typed, sent back into the form with the refusal (never a password). */
  values?: Record<string, string>;
  /** Answer an unexpected failure (logged) with this line instead of the error page. */
  unexpected?: string;
  /**
   * A form that is a button in a list, with no place beside it for a line: the refusal (and, with
   * `unexpected`, a failure) is an error toast on the page at `to`, saying `message` or the refusal's own;
   * but a refusal whose status is in `onPage` is said on the page, as form errors.
   */
  toast?: { to: string; config: AppConfig; message?: string; onPage?: readonly number[] };
  /** The thing the form is about is gone (a 404 refusal): the page's "not found", not a form error. */
  notFoundPage?: boolean;
};

/**
 * The one way a page action answers: runs it (success is its own answer, a redirect with a toast as a rule)
 * and turns a refusal (an AppError) into the form's errors with its status (4xx) and what was typed, or
 * into one of the answers `options` chooses. Anything else is logged and, with `unexpected`, answered
 * with that line (500) instead of an error page.
 */
export async function handleForm<T>(
  run: () => Promise<T>,
  /** Or a function, for options that depend on what `run` read (which form of several it was). */
  options: FormActionOptions | (() => FormActionOptions) = {},
): Promise<T | Response | ReturnType<typeof data<FormFailure>>> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) throw error;
    const { values, unexpected, toast, notFoundPage } = typeof options === "function" ? options() : options;
    const refused = error instanceof AppError ? error : null;
    if (refused?.status === 404 && notFoundPage) throw data({ message: refused.message }, { status: 404 });
    if (!refused) {
      if (unexpected === undefined) throw error;
      console.error("form action failed", error);
    }
    const message = refused?.message ?? unexpected!;
    if (toast && !(refused && toast.onPage?.includes(refused.status))) {
      const headers = new Headers(refused?.headers);
      const said = toast.message ?? message;
      return redirectWithToast(toast.to, { type: "error", message: said }, toast.config, headers);
    }
    return data<FormFailure>(
      { formError: message || undefined, errors: refused?.fieldErrors, values },
      { status: refused?.status ?? 500, headers: refused?.headers },
    );
  }
}

export const UNKNOWN_INTENT = "Unknown action: reload the page and try again.";
export const UNREADABLE_FORM = "We could not read that form. Please try again.";

/** One form of a page with several: what it keeps of what was typed, and what answers it. */
export type IntentHandler<T = Response> = {
  /** The form's schema (lib/forms.ts): its fields, passwords aside, go back into it on a refusal. */
  form?: FormName;
  /** Other fields to send back: which row of a list the form was about. */
  keep?: readonly string[];
  /** Refusals as an error toast on this page (a button in a list); see FormActionOptions. */
  toast?: FormActionOptions["toast"];
  run: (form: FormData) => Promise<T>;
};

/** What was typed in a form's fields, each cut to its field's limit; passwords are never sent back. */
function typedValues(form: FormData | null, handler: IntentHandler<unknown> | undefined) {
  const fields: FormConstraints = handler?.form ? constraintsOf<z.ZodObject>(FORMS[handler.form]) : {};
  const values: Record<string, string> = {};
  for (const name of [...Object.keys(fields), ...(handler?.keep ?? [])]) {
    const value = form?.get(name);
    if (typeof value === "string" && !/password/i.test(name))
      values[name] = value.slice(0, fields[name]?.maxLength ?? 1000);
  }
  return values;
}

/**
 * A page with several forms: each posts an `intent` (`fallback` when it sends none), and the table says
 * which handler answers it. An unreadable form or an intent the table lacks is a 400 with a line to say
 * so; a handler's refusal goes back to its own form (values.intent says which). `source` is the form, or
 * how to read it (a multipart body, whose refusals are the fallback's to show).
 */
export async function handleIntents<T>(
  source: FormData | null | (() => Promise<FormData>),
  table: Record<string, IntentHandler<T>>,
  { fallback, ...options }: Omit<FormActionOptions, "values" | "toast"> & { fallback?: string } = {},
) {
  let form = typeof source === "function" ? null : source;
  let intent = fallback ?? "";
  const handlerOf = () => (Object.hasOwn(table, intent) ? table[intent] : undefined);
  return handleForm(
    async () => {
      if (typeof source === "function") form = await source();
      if (!form) throw new AppError(400, UNREADABLE_FORM);
      const sent = form.get("intent") ?? fallback;
      intent = typeof sent === "string" ? sent.slice(0, 40) : "";
      const handler = handlerOf();
      if (!handler) throw new AppError(400, UNKNOWN_INTENT);
      return handler.run(form);
    },
    () => ({
      ...options,
      toast: handlerOf()?.toast,
      values: { ...typedValues(form, handlerOf()), intent },
    }),
  );
}

/**
 * A page route's `headers` export. Of the headers an action or loader answers with, Remix puts only
 * Set-Cookie on the page (and on its `.data` answer) unless the route passes them on; a refusal's
 * Retry-After (429) must reach the browser too. Use as `export const headers = pageHeaders;`.
 */
export const pageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) => {
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    const retryAfter = source?.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
  }
  return headers;
};

/** Page loaders: an AppError becomes the error page for its status, with its message. */
export async function handlePage<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/** The named text fields of a form, each cut to a sane length (to send back into the form on errors). */
export function formValues(
  form: FormData | null,
  names: readonly string[],
  max = 1000,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form?.get(name);
    if (typeof value === "string") values[name] = value.slice(0, max);
  }
  return values;
}

export function methodNotAllowed(allowed: string[]) {
  return Response.json(
    { message: `Method not allowed. Use ${allowed.join(" or ")}.` },
    { status: 405, headers: { Allow: allowed.join(", ") } },
  );
}
