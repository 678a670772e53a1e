import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { constraintsOf, fieldConstraint, type FormConstraints } from "./form-constraints";
import { FORMS } from "./forms";

describe("fieldConstraint reads a schema as the browser should hold the input", () => {
  it.each([
    ["required text", z.string().trim().min(1).max(100), { required: true, maxLength: 100 }],
    ["a longer minimum", z.string().min(8).max(128), { required: true, minLength: 8, maxLength: 128 }],
    ["optional text", z.string().max(20).optional(), { maxLength: 20 }],
    [
      "blank allowed, then cleared",
      z
        .string()
        .trim()
        .max(500)
        .transform((v) => v || null),
      { maxLength: 500 },
    ],
    [
      "an e-mail piped from text",
      z.string().min(1).max(254).pipe(z.email()),
      { required: true, maxLength: 254, type: "email" },
    ],
    [
      "a regular expression",
      z.string().regex(/^[A-Z]{2}-\d+$/),
      { required: true, pattern: "[A-Z]{2}-\\d+" },
    ],
    ["a case-blind expression, which no pattern can say", z.string().regex(/^[a-z]+$/i), { required: true }],
    // What a transform makes of the text is checked after it: no attribute of what is typed.
    [
      "a check after a transform",
      z
        .string()
        .max(12)
        .transform((v) => `MS-${v}`)
        .pipe(z.string().regex(/^MS-\d{6}$/)),
      { required: true, maxLength: 12 },
    ],
    ["a number", z.number().int().min(1).max(99), { required: true, min: 1, max: 99 }],
    ["a choice", z.enum(["a", "b"]), { required: true }],
  ] as const)("%s", (_, schema, expected) => {
    expect(fieldConstraint(schema)).toEqual(expected);
  });
});

const tooLong = (n: number) => "a".repeat(n + 1);

describe("every form's constraints (lib/forms.ts) agree with its schema", () => {
  for (const [form, schema] of Object.entries(FORMS)) {
    it(form, () => {
      const fields: FormConstraints = constraintsOf(schema as z.ZodObject);
      expect(Object.keys(fields).sort()).toEqual(Object.keys(schema.shape).sort());
      for (const [name, constraint] of Object.entries(fields)) {
        const field = schema.shape[name as keyof typeof schema.shape] as z.ZodType;
        // A browser never stops what the server would take, and stops only what it would refuse.
        if (constraint.required) expect(field.safeParse("").success, `${form}.${name} ""`).toBe(false);
        if (constraint.maxLength !== undefined)
          expect(field.safeParse(tooLong(constraint.maxLength)).success, `${form}.${name} too long`).toBe(
            false,
          );
        if (constraint.minLength !== undefined)
          expect(field.safeParse("a".repeat(constraint.minLength - 1)).success, `${form}.${name} short`).toBe(
            false,
          );
        // Browsers compile a pattern with the v flag.
        if (constraint.pattern) expect(() => new RegExp(`^(?:${constraint.pattern})$`, "v")).not.toThrow();
      }
    });
  }
});

/** Every .tsx file under app/, with its text. */
function sources(dir = path.resolve(__dirname, "..")): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".tsx")
      ? [{ file: path.relative(process.cwd(), full), text: readFileSync(full, "utf8") }]
      : [];
  });
}

describe("forms take their constraints from lib/forms.ts, where they are shown", () => {
  const files = sources();
  const imported = (text: string) =>
    [...text.matchAll(/"virtual:form-constraints\/([\w-]+)"/g)].map((m) => m[1]);
  const named = (text: string) => [...text.matchAll(/data-form="([\w-]+)"/g)].map((m) => m[1]);

  it("every form named in a page is in lib/forms.ts, and every form there is shown by a page", () => {
    const shown = new Set(files.flatMap(({ text }) => named(text)));
    const used = new Set(files.flatMap(({ text }) => imported(text)));
    expect([...shown].filter((form) => !(form in FORMS))).toEqual([]);
    expect([...used].filter((form) => !(form in FORMS))).toEqual([]);
    expect(Object.keys(FORMS).filter((form) => !shown.has(form) || !used.has(form))).toEqual([]);
  });

  it("a file that shows a form imports that form's constraints", () => {
    for (const { file, text } of files)
      expect(imported(text).sort(), file).toEqual(expect.arrayContaining(named(text)));
  });

  it("a file that shows a form writes no limit of its own", () => {
    // A number on an input is a limit copied by hand: the form's constraints carry it.
    const copied = /\b(?:maxLength|minLength|min|max)=\{\d[\d_]*\}|\bpattern="/g;
    const found = files
      .filter(({ text }) => named(text).length > 0)
      .flatMap(({ file, text }) => [...text.matchAll(copied)].map((m) => `${file}: ${m[0]}`));
    expect(found).toEqual([]);
  });
});
