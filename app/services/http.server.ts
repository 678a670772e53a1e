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
export async function readForm(request: Request, message = "We could not read that form. Please try again.") {
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

/**
 * Pages: runs the action and answers an AppError as form errors, keeping what the person typed. Anything
 * else is logged and, when `unexpected` is given, answered with that message (500) instead of an error page.
 */
export async function handleForm<T>(
  run: () => Promise<T>,
  { values, unexpected }: { values?: Record<string, string>; unexpected?: string } = {},
): Promise<T | ReturnType<typeof data<FormFailure>>> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) {
      return data<FormFailure>(
        { formError: error.message, errors: error.fieldErrors, values },
        { status: error.status, headers: error.headers },
      );
    }
    if (unexpected === undefined || error instanceof Response) throw error;
    console.error("form action failed", error);
    return data<FormFailure>({ formError: unexpected, values }, { status: 500 });
  }
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
