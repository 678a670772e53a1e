/**
 * Form schemas shared by the actions, the JSON API and the tests. Texts are those of docs/product-rules.md where it has them.
 */
import { z } from "zod";
import { isProductCategory } from "./categories";
import { PASSWORD_MAX, PASSWORD_MIN } from "./limits";
import { isNigerianState } from "./nigeria";

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

const trimmed = (max: number, tooLong: string) =>
  z.string({ error: CHECKOUT_MISSING_FIELDS }).trim().min(1, CHECKOUT_MISSING_FIELDS).max(max, tooLong);

export const emailField = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, INVALID_EMAIL)
  .pipe(z.email(INVALID_EMAIL))
  .transform((value) => value.toLowerCase());

export const checkoutSchema = z.object({
  name: trimmed(100, "Please keep the name under 100 characters."),
  email: z
    .string({ error: CHECKOUT_MISSING_FIELDS })
    .trim()
    .min(1, CHECKOUT_MISSING_FIELDS)
    .max(254, INVALID_EMAIL)
    .pipe(z.email(INVALID_EMAIL)),
  phone: z
    .string({ error: CHECKOUT_MISSING_FIELDS })
    .trim()
    .min(1, CHECKOUT_MISSING_FIELDS)
    .transform((value, ctx) => {
      const phone = normalizeNigerianPhone(value);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: INVALID_PHONE });
        return z.NEVER;
      }
      return phone;
    }),
  deliveryAddress: trimmed(500, "Please keep the address under 500 characters."),
});
export type CheckoutDetails = z.infer<typeof checkoutSchema>;

export const contactSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(100, "Please keep your name under 100 characters."),
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
    .max(100, "Please keep your name under 100 characters."),
  email: emailField,
  password: newPasswordField,
});

export const MAX_PRICE_NAIRA = 10_000_000;

/** Add/edit product form (the image is checked separately, by content). Price is typed in naira. */
export const productSchema = z.object({
  name: z
    .string({ error: "Please enter the product name." })
    .trim()
    .min(2, "Please enter the product name.")
    .max(200, "Please keep the name under 200 characters."),
  category: z
    .string({ error: "Please choose a category from the list." })
    .refine((value) => isProductCategory(value), "Please choose a category from the list."),
  price: z
    .string({ error: "Please enter the price in naira." })
    .trim()
    .min(1, "Please enter the price in naira.")
    .transform((value, ctx) => {
      const cleaned = value.replace(/[₦,\s]/g, "");
      if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) {
        ctx.addIssue({
          code: "custom",
          message: "The price must be a number in naira, like 1500 or 1500.50.",
        });
        return z.NEVER;
      }
      const naira = Number(cleaned);
      if (naira <= 0 || naira > MAX_PRICE_NAIRA) {
        ctx.addIssue({
          code: "custom",
          message: `The price must be more than ₦0 and at most ₦${MAX_PRICE_NAIRA.toLocaleString("en-NG")}.`,
        });
        return z.NEVER;
      }
      return Math.round(naira * 100);
    }),
});

/** A Pharmacists Council of Nigeria registration number as printed: letters, digits, "/" and "-". */
export const PCN_NUMBER = /^[A-Z0-9][A-Z0-9/-]{2,39}$/i;

export const ADMIN_NAME_REQUIRED = "Please enter the admin's name.";

/** A new admin's name is required: customers read it on every chat reply. */
export const adminCreateSchema = z.object({
  email: emailField,
  password: newPasswordField,
  name: z
    .string({ error: ADMIN_NAME_REQUIRED })
    .trim()
    .min(1, ADMIN_NAME_REQUIRED)
    .max(100, "Please keep the name under 100 characters."),
});

/**
 * The API's older contract is `{email, password}`: clients built against it may send no name, so there the
 * name is optional and the caller supplies a default.
 */
export const apiAdminCreateSchema = adminCreateSchema.extend({
  name: adminCreateSchema.shape.name.optional(),
});

/** Optional text: blank becomes null (a profile field the customer cleared). */
const optionalText = (max: number, tooLong: string) =>
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
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const phone = normalizeNigerianPhone(value);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: INVALID_PHONE });
        return z.NEVER;
      }
      return phone;
    }),
  deliveryAddress: optionalText(500, "Please keep the address under 500 characters."),
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
  confirmPassword: z.string({ error: NEW_PASSWORDS_DIFFER }),
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
