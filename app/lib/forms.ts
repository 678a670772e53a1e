/**
 * Every page form whose fields the server checks with a schema, by the name its `<form data-form>` carries.
 * The build reads each form's input constraints off its schema (scripts/build/form-constraints-plugin.ts):
 * a route imports them as `virtual:form-constraints/<name>`, plain attributes without Zod.
 */
import { z } from "zod";
import {
  adminCreateSchema,
  changePasswordSchema,
  checkoutSchema,
  contactSchema,
  deliveryChoiceSchema,
  loginSchema,
  pcnNumberField,
  productDetailsFormSchema,
  productSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from "./validation";
import { reviewSchema, trackSchema } from "./order-schemas";

export const FORMS = {
  contact: contactSchema,
  login: loginSchema,
  register: registerSchema,
  track: trackSchema,
  checkout: checkoutSchema.extend(deliveryChoiceSchema.shape),
  profile: profileSchema,
  "change-password": changePasswordSchema,
  "reset-password": resetPasswordSchema,
  // The password is checked as at login, after the account is known.
  "delete-account": z.object({ password: loginSchema.shape.password }),
  "admin-create": adminCreateSchema,
  "grant-pcn": z.object({ pcnNumber: pcnNumberField }),
  product: productSchema.extend(productDetailsFormSchema.shape),
  review: reviewSchema,
} satisfies Record<string, z.ZodObject>;

export type FormName = keyof typeof FORMS;
