/**
 * Form schemas shared by the actions, the JSON API and the tests. Texts are those of docs/product-rules.md where it has them.
 */
import { z } from "zod";
import { isProductCategory } from "./categories";
import { PASSWORD_MAX, PASSWORD_MIN } from "./limits";
import { GUEST_CHANNEL, GUEST_CHANNEL_UNKNOWN, GUEST_CHANNELS } from "./messages";
import { isNigerianState } from "./nigeria";
import { MEDICINE_CLASS, orList, PAYMENT_METHOD } from "./vocabularies";
import {
  OTHER_NAME_MAX_LENGTH,
  OTHER_NAME_MIN_LENGTH,
  OTHER_NAMES_MAX,
  splitOtherNames,
} from "./other-names";

export const CHECKOUT_MISSING_FIELDS = "Please fill in delivery name, phone, address and email.";
export const INVALID_EMAIL = "Please enter a valid email address.";
export const INVALID_PHONE = "Please enter a Nigerian phone number, like 08031234567 or +2348031234567.";

/**
 * A Nigerian mobile or landline number in local (0XXXXXXXXXX) or international (+234 / 234) form,
 * spaces, dashes, dots and brackets allowed. Returns the normalised +234XXXXXXXXXX, or null.
 */
export function normalizeNigerianPhone(raw: string): string | null {
  const compact = raw.replace(/[\s\-().]/g, "");
  const match = /^(?:\+?234|0)([1-9]\d{9})$/.exec(compact);
  return match ? `+234${match[1]}` : null;
}

export const NAME_UNREADABLE =
  "Please type the name in letters: control characters, direction marks and invisible characters are not allowed.";
/** Control characters (NUL, line breaks, tabs), lone surrogates and the marks that reverse text. */
const NAME_FORBIDDEN = /[\p{Cc}\p{Cs}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** Something that shows: not a space, a control, a format or combining mark, nor a blank lookalike. */
const NAME_VISIBLE = /[^\p{Z}\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** The rule every name field (people's and products') adds to its schema. */
export const isReadableName = (name: string) => !NAME_FORBIDDEN.test(name) && NAME_VISIBLE.test(name);

/** The longest way to write a number: "(+234) 803-123-4567" and a space to spare. */
export const PHONE_MAX_LENGTH = 20;

/** A phone number as the server keeps it (+234…), or the refusal every form gives. */
export function toNigerianPhone(value: string, ctx: z.RefinementCtx): string {
  const phone = normalizeNigerianPhone(value);
  if (phone) return phone;
  ctx.addIssue({ code: "custom", message: INVALID_PHONE });
  return z.NEVER;
}

/** Required text, trimmed; `missing` is said when it is absent or empty. */
const required = (missing: string) => z.string({ error: missing }).trim().min(1, missing);

/** An e-mail address, stored lowercased (one address whatever its case); `missing` is said when empty. */
const email = (missing: string) =>
  required(missing)
    .max(254, INVALID_EMAIL)
    .pipe(z.email(INVALID_EMAIL))
    .transform((value) => value.toLowerCase());

export const emailField = email("Email is required.");

export const checkoutSchema = z.object({
  name: required(CHECKOUT_MISSING_FIELDS)
    .max(100, "Please keep the name under 100 characters.")
    .refine(isReadableName, NAME_UNREADABLE),
  email: email(CHECKOUT_MISSING_FIELDS),
  phone: required(CHECKOUT_MISSING_FIELDS).max(PHONE_MAX_LENGTH, INVALID_PHONE).transform(toNigerianPhone),
  deliveryAddress: required(CHECKOUT_MISSING_FIELDS).max(
    500,
    "Please keep the address under 500 characters.",
  ),
});
export type CheckoutDetails = z.infer<typeof checkoutSchema>;

export const contactSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(100, "Please keep your name under 100 characters.")
    .refine(isReadableName, NAME_UNREADABLE),
  email: emailField,
  message: z
    .string({ error: "Please write a message." })
    .trim()
    .min(1, "Please write a message.")
    .max(5000, "Please keep your message under 5,000 characters."),
});

/** Field errors of a failed parse, first message per field ("" for form-level ones). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    out[key] ??= issue.message;
  }
  return out;
}

/** The checkout's one summary line: the missing-fields text when anything is missing, else the first problem. */
export function checkoutSummary(errors: Record<string, string>): string {
  const messages = Object.values(errors);
  return messages.includes(CHECKOUT_MISSING_FIELDS) ? CHECKOUT_MISSING_FIELDS : (messages[0] ?? "");
}

export { PASSWORD_MAX, PASSWORD_MIN };

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "Password is required." })
    .min(1, "Password is required.")
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
});

export const newPasswordField = z
  .string({ error: "Password is required." })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const registerSchema = z.object({
  name: z
    .string({ error: "Please enter your full name." })
    .trim()
    .min(1, "Please enter your full name.")
    .max(100, "Please keep your name under 100 characters.")
    .refine(isReadableName, NAME_UNREADABLE),
  email: emailField,
  password: newPasswordField,
});

export const MAX_PRICE_NAIRA = 10_000_000;
const PRICE_FORMAT = "The price must be a number in naira, like 1500 or 1500.50.";
const CATEGORY_UNKNOWN = "Please choose a category from the list.";

const category = z.string({ error: CATEGORY_UNKNOWN }).refine(isProductCategory, CATEGORY_UNKNOWN);

/** A price in naira (at most two decimals, within the range), kept as whole kobo. */
const nairaPrice = z
  .number({ error: PRICE_FORMAT })
  .refine((naira) => Math.abs(naira * 100 - Math.round(naira * 100)) < 1e-6, PRICE_FORMAT)
  .refine(
    (naira) => naira > 0 && naira <= MAX_PRICE_NAIRA,
    `The price must be more than ₦0 and at most ₦${MAX_PRICE_NAIRA.toLocaleString("en-NG")}.`,
  )
  .transform((naira) => Math.round(naira * 100));

/** Add/edit product form (the image is checked separately, by content). Price is typed in naira. */
export const productSchema = z.object({
  name: z
    .string({ error: "Please enter the product name." })
    .trim()
    .min(2, "Please enter the product name.")
    .max(200, "Please keep the name under 200 characters.")
    .refine(isReadableName, NAME_UNREADABLE),
  category,
  price: required("Please enter the price in naira.")
    .max(20, PRICE_FORMAT)
    .transform((value, ctx) => {
      const cleaned = value.replace(/[₦,\s]/g, "");
      if (/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number(cleaned);
      ctx.addIssue({ code: "custom", message: PRICE_FORMAT });
      return z.NEVER;
    })
    .pipe(nairaPrice),
});

/** A Pharmacists Council of Nigeria registration number as printed: letters, digits, "/" and "-". */
export const PCN_NUMBER = /^[A-Z0-9][A-Z0-9/-]{2,39}$/i;

export const PCN_NUMBER_INVALID =
  "A PCN registration number is 3 to 40 letters, digits, / or -, as printed on the licence (e.g. PS-021784).";

/**
 * An admin's optional PCN registration number (admins with one are pharmacists): stored uppercased; empty
 * means none.
 */
export const pcnNumberField = z
  .string({ error: PCN_NUMBER_INVALID })
  .trim()
  .max(40, PCN_NUMBER_INVALID)
  .optional()
  .transform((value) => (value ? value.toUpperCase() : undefined))
  .refine((value) => value === undefined || PCN_NUMBER.test(value), PCN_NUMBER_INVALID);

export const ADMIN_NAME_REQUIRED = "Please enter the admin's name.";

/** A new admin's name is required: customers read it on every chat reply. */
export const adminCreateSchema = z.object({
  email: emailField,
  password: newPasswordField,
  name: z
    .string({ error: ADMIN_NAME_REQUIRED })
    .trim()
    .min(1, ADMIN_NAME_REQUIRED)
    .max(100, "Please keep the name under 100 characters.")
    .refine(isReadableName, NAME_UNREADABLE),
  pcnNumber: pcnNumberField,
});

/**
 * The API's older contract is `{email, password}`: clients built against it may send no name, so there the
 * name is optional and the caller supplies a default.
 */
export const apiAdminCreateSchema = adminCreateSchema.extend({
  name: adminCreateSchema.shape.name.optional(),
});

/** NAFDAC registration numbers as printed on packs: "A4-1234", "04-5678", "B4-0123". */
export const NAFDAC_NUMBER = /^[A-Z0-9]{1,3}-\d{4,6}$/i;
export const MAX_STOCK = 1_000_000;

export const PRODUCT_MESSAGES = {
  nafdacNumber:
    "The NAFDAC number must look like A4-1234 or 04-5678: up to 3 letters or digits, a dash, then 4 to 6 digits.",
  stock: `Stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString("en-NG")}, or empty when it is not counted.`,
  medicineClass: `The medicine class must be ${orList(MEDICINE_CLASS.values)}.`,
  prescriptionOnly: "prescriptionOnly must be true or false.",
} as const;

/** The product's medicine information: short lines and longer texts, each optional ("" or null clears it). */
export const PRODUCT_TEXT_LIMITS = {
  genericName: { label: "generic name", max: 200 },
  strength: { label: "strength", max: 100 },
  dosageForm: { label: "dosage form", max: 100 },
  packSize: { label: "pack size", max: 100 },
  manufacturer: { label: "manufacturer", max: 200 },
  description: { label: "description", max: 2000 },
  directions: { label: "directions", max: 2000 },
  warnings: { label: "warnings", max: 2000 },
} as const;
export type ProductTextField = keyof typeof PRODUCT_TEXT_LIMITS;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be text (or null to clear it).` })
    .trim()
    .max(max, `Please keep the ${label} under ${max.toLocaleString("en-NG")} characters.`)
    .transform((value) => value || null);

const textFields = Object.fromEntries(
  Object.entries(PRODUCT_TEXT_LIMITS).map(([field, { label, max }]) => [field, optionalText(label, max)]),
) as { [K in ProductTextField]: ReturnType<typeof optionalText> };

const nafdacNumber = z
  .string({ error: PRODUCT_MESSAGES.nafdacNumber })
  .trim()
  .max(12, PRODUCT_MESSAGES.nafdacNumber)
  .transform((value, ctx) => {
    if (!value) return null;
    if (!NAFDAC_NUMBER.test(value)) {
      ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.nafdacNumber });
      return z.NEVER;
    }
    return value.toUpperCase();
  });

const medicineClass = z.enum(MEDICINE_CLASS.values, { error: PRODUCT_MESSAGES.medicineClass });

/** Units in stock: a whole number within the range (null: not counted). */
const stockCount = z
  .number({ error: PRODUCT_MESSAGES.stock })
  .int(PRODUCT_MESSAGES.stock)
  .min(0, PRODUCT_MESSAGES.stock)
  .max(MAX_STOCK, PRODUCT_MESSAGES.stock)
  .nullable();

export const OTHER_NAMES_MESSAGES = {
  list: `Other names must be a list of names (at most ${OTHER_NAMES_MAX}), or null to clear them.`,
  length: `Each other name must be ${OTHER_NAME_MIN_LENGTH} to ${OTHER_NAME_MAX_LENGTH} characters long.`,
  separators: "An other name cannot hold a comma, a semicolon or a line break: give each name apart.",
  tooMany: `Please give at most ${OTHER_NAMES_MAX} other names.`,
} as const;

/**
 * A product's other names ("also known as"): tidied, each once whatever its case. A problem is the list's,
 * not one name's, so the form shows it under its box and the API names the field.
 */
export const otherNamesSchema = z
  .array(z.unknown(), { error: OTHER_NAMES_MESSAGES.list })
  .transform((names, ctx) => {
    if (names.some((name) => typeof name !== "string")) {
      ctx.addIssue({ code: "custom", message: OTHER_NAMES_MESSAGES.list });
      return z.NEVER;
    }
    if ((names as string[]).some((name) => /[,;\n\r]/.test(name))) {
      ctx.addIssue({ code: "custom", message: OTHER_NAMES_MESSAGES.separators });
      return z.NEVER;
    }
    const tidy = (names as string[]).map((name) => name.replace(/\s+/g, " ").trim());
    if (tidy.some((name) => name.length < OTHER_NAME_MIN_LENGTH || name.length > OTHER_NAME_MAX_LENGTH)) {
      ctx.addIssue({ code: "custom", message: OTHER_NAMES_MESSAGES.length });
      return z.NEVER;
    }
    const once = tidy.filter(
      (name, i) => tidy.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === i,
    );
    if (once.length > OTHER_NAMES_MAX) {
      ctx.addIssue({ code: "custom", message: OTHER_NAMES_MESSAGES.tooMany });
      return z.NEVER;
    }
    return once;
  });

/** The editor's box: one name a line, or separated by commas. */
const otherNamesText = z
  .string({ error: OTHER_NAMES_MESSAGES.list })
  .max(OTHER_NAMES_MAX * (OTHER_NAME_MAX_LENGTH + 1), OTHER_NAMES_MESSAGES.tooMany)
  .transform((text, ctx) => {
    const names = otherNamesSchema.safeParse(splitOtherNames(text));
    if (names.success) return names.data;
    ctx.addIssue({ code: "custom", message: names.error.issues[0]?.message ?? OTHER_NAMES_MESSAGES.list });
    return z.NEVER;
  });

/** The admin form's medicine information and stock; every field optional, "" clears it. */
export const productDetailsFormSchema = z
  .object({
    ...textFields,
    nafdacNumber,
    medicineClass,
    alsoKnownAs: otherNamesText,
    stock: z
      .string({ error: PRODUCT_MESSAGES.stock })
      .trim()
      .max(9, PRODUCT_MESSAGES.stock)
      .transform((value, ctx) => {
        if (!value) return null;
        const digits = value.replace(/[,\s]/g, "");
        if (/^\d{1,7}$/.test(digits)) return Number(digits);
        ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.stock });
        return z.NEVER;
      })
      .pipe(stockCount),
  })
  .partial();

/** JSON null clears a text field, as "" does in the form. */
const nullable = <T extends z.ZodType<string | null, string>>(schema: T) =>
  schema.nullable().transform((value) => value ?? null);

/** `PATCH /api/products/{id}`: JSON types (price a number in naira, stock an integer or null). */
export const productPatchSchema = z
  .object({
    name: productSchema.shape.name,
    category,
    price: nairaPrice,
    genericName: nullable(textFields.genericName),
    strength: nullable(textFields.strength),
    dosageForm: nullable(textFields.dosageForm),
    packSize: nullable(textFields.packSize),
    manufacturer: nullable(textFields.manufacturer),
    description: nullable(textFields.description),
    directions: nullable(textFields.directions),
    warnings: nullable(textFields.warnings),
    nafdacNumber: nullable(nafdacNumber),
    medicineClass,
    prescriptionOnly: z.boolean({ error: PRODUCT_MESSAGES.prescriptionOnly }),
    alsoKnownAs: otherNamesSchema.nullable().transform((names) => names ?? []),
    stock: stockCount,
  })
  .partial();
/** Optional text: blank becomes null (a profile field the customer cleared). */
const optionalProfileText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value || null);

/** The customer's profile; what checkout starts filled in with. Only the name is required. */
export const profileSchema = z.object({
  name: registerSchema.shape.name,
  phone: z
    .string()
    .trim()
    .max(PHONE_MAX_LENGTH, INVALID_PHONE)
    .optional()
    .transform((value, ctx) => (value ? toNigerianPhone(value, ctx) : null)),
  deliveryAddress: optionalProfileText(500, "Please keep the address under 500 characters."),
  deliveryState: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      if (!isNigerianState(value)) {
        ctx.addIssue({ code: "custom", message: "Please choose a state from the list." });
        return z.NEVER;
      }
      return value;
    }),
});

export const NEW_PASSWORDS_DIFFER = "The two new passwords are not the same.";

/** A new password typed twice (change and reset). */
const newPasswordTwice = {
  newPassword: newPasswordField,
  // Checked against the first below; empty or longer than any password can be, it is not the same.
  confirmPassword: z
    .string({ error: NEW_PASSWORDS_DIFFER })
    .min(1, NEW_PASSWORDS_DIFFER)
    .max(PASSWORD_MAX, NEW_PASSWORDS_DIFFER),
};

function samePasswords(value: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: NEW_PASSWORDS_DIFFER });
  }
}

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Please enter your current password." })
      .min(1, "Please enter your current password.")
      .max(PASSWORD_MAX, "Please enter your current password."),
    ...newPasswordTwice,
  })
  .superRefine(samePasswords);

export const resetPasswordSchema = z.object(newPasswordTwice).superRefine(samePasswords);

export const PAYMENT_METHOD_UNKNOWN = `Please choose how you will pay: ${orList(
  PAYMENT_METHOD.entries.map((method) => method.choice),
)}.`;

/**
 * Where to and how to pay, beside the delivery details. No state (older API clients) is accepted: the fee
 * is then to be confirmed; the state itself is checked against the fee table by the server.
 */
export const deliveryChoiceSchema = z.object({
  deliveryState: z
    .string({ error: "deliveryState must be the name of a state" })
    .trim()
    .max(40)
    .optional()
    .transform((value) => value || null),
  // None chosen (older API clients): the first, as the checkout form preselects.
  paymentMethod: z
    .enum(PAYMENT_METHOD.values, { error: PAYMENT_METHOD_UNKNOWN })
    .optional()
    .transform((value) => value ?? PAYMENT_METHOD.values[0]),
  // How a guest hears about the order, at the checkout phone; none chosen: the default. An account's own
  // channels apply to a signed-in customer's order instead.
  updatesBy: z
    .enum(GUEST_CHANNELS, { error: GUEST_CHANNEL_UNKNOWN })
    .optional()
    .transform((value) => value ?? GUEST_CHANNEL),
});
