/** Helpers for the JSON API (/api/*): honest status codes, a `message` on every error. */
import type { z } from "zod";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function jsonError(status: number, message: string, extra?: Record<string, unknown>) {
  return Response.json({ message, ...extra }, { status });
}

const DEFAULT_MAX_BODY = 64 * 1024;

/** Reads a JSON body no larger than maxBytes; anything else is a 4xx ApiError with a clear message. */
export async function readJson(request: Request, maxBytes = DEFAULT_MAX_BODY): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json"))
    throw new ApiError(415, "Send the request body as JSON (Content-Type: application/json).");
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw new ApiError(413, "The request body is too large.");
  const text = await request.text();
  if (text.length > maxBytes) throw new ApiError(413, "The request body is too large.");
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "The request body is not valid JSON.");
  }
}

/** Parses with a schema; the first problem becomes the 400's message, all of them go in `errors`. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  const first = errors[0];
  const message = first
    ? first.path
      ? `${first.path}: ${first.message}`
      : first.message
    : "Invalid request.";
  throw Object.assign(new ApiError(400, message), { errors });
}

/** Turns ApiErrors into JSON answers; anything else is logged and answered with a generic 500. */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) {
      const errors = (error as ApiError & { errors?: unknown }).errors;
      return jsonError(error.status, error.message, errors ? { errors } : undefined);
    }
    if (error instanceof Response) return error;
    console.error("api error", error);
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

export function methodNotAllowed(allowed: string[]) {
  return Response.json(
    { message: `Method not allowed. Use ${allowed.join(" or ")}.` },
    { status: 405, headers: { Allow: allowed.join(", ") } },
  );
}
