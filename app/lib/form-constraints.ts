/**
 * The browser's input constraints (required, minLength, maxLength, pattern, type, min, max) read off the
 * Zod schema the server validates a form with, so a limit is written once. Called on the server (loaders):
 * the page gets plain attributes in its loader data and no Zod in its JavaScript.
 */
import type { z } from "zod";

/** What an `<input>` or `<textarea>` takes, as React names the attributes. */
export type FieldConstraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  type?: "email";
  min?: number;
  max?: number;
};

export type FormConstraints<K extends string = string> = Record<K, FieldConstraint>;

type Def = {
  type: string;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  checks?: { _zod: { def: { check: string; format?: string; pattern?: RegExp } } }[];
};
type Introspected = z.ZodType & {
  def: Def;
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  format?: string | null;
};

/** The HTML form of a regular expression, or nothing when the browser would read it differently. */
function htmlPattern(regex: RegExp): string | undefined {
  if (regex.flags.replace(/[gu]/g, "")) return undefined;
  const source = regex.source;
  if (!source.startsWith("^") || !source.endsWith("$")) return undefined;
  // Browsers compile a pattern with the v flag, which refuses some sources the u flag takes.
  try {
    new RegExp(source, "v");
  } catch {
    return undefined;
  }
  return source.slice(1, -1);
}

/** The limits of what a field takes as typed: the input side of pipes and transforms, inside optional. */
function collect(schema: Introspected, into: FieldConstraint) {
  const def = schema.def;
  switch (def.type) {
    case "pipe":
      collect(def.in as Introspected, into);
      // A string piped straight into another (z.email()) is the same text, checked further; after a
      // transform, or into a number, the other side checks what the text became, no attribute of the input.
      if ((def.in as Introspected).def.type === "string" && (def.out as Introspected).def.type === "string")
        collect(def.out as Introspected, into);
      return;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
      collect(def.innerType as Introspected, into);
      return;
    case "string": {
      if (schema.minLength) into.minLength = Math.max(into.minLength ?? 0, schema.minLength);
      if (schema.maxLength != null) into.maxLength = Math.min(into.maxLength ?? Infinity, schema.maxLength);
      if (schema.format === "email") into.type = "email";
      for (const check of def.checks ?? []) {
        const { format, pattern } = check._zod.def;
        if (format === "regex" && pattern) into.pattern = htmlPattern(pattern) ?? into.pattern;
      }
      return;
    }
    case "number":
      if (schema.minValue != null && Number.isFinite(schema.minValue)) into.min = schema.minValue;
      if (schema.maxValue != null && Number.isFinite(schema.maxValue)) into.max = schema.maxValue;
      return;
  }
}

/** One field's constraints; `required` when the schema refuses an empty field. */
export function fieldConstraint(schema: z.ZodType): FieldConstraint {
  const out: FieldConstraint = {};
  collect(schema as Introspected, out);
  // An attribute of 1 says no more than `required` does.
  if (out.minLength === 1) delete out.minLength;
  if (!schema.safeParse("").success) out.required = true;
  return out;
}

/** Every field of an object schema (refinements across fields stay the server's). */
export function constraintsOf<T extends z.ZodObject>(
  schema: T,
): FormConstraints<Extract<keyof T["shape"], string>> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [name, fieldConstraint(field as z.ZodType)]),
  ) as FormConstraints<Extract<keyof T["shape"], string>>;
}
