import { Form, useNavigation } from "@remix-run/react";
import { PRODUCT_CATEGORIES } from "~/lib/categories";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/image-type";
import { DEFAULT_MEDICINE_CLASS, MEDICINE_CLASS, needsPrescription } from "~/lib/vocabularies";
import { FieldError, FormError, FormField, INPUT_CLASS, TextAreaField } from "../form-field";
import type { FormFailure } from "~/lib/app-error";
import fields from "virtual:form-constraints/product";

/** What the form shows to start with: every field as typed text ("" when the product has none). */
export type ProductFormDefaults = Partial<
  Record<
    | "name"
    | "category"
    | "price"
    | "genericName"
    | "strength"
    | "dosageForm"
    | "packSize"
    | "manufacturer"
    | "nafdacNumber"
    | "medicineClass"
    | "description"
    | "directions"
    | "warnings"
    | "alsoKnownAs"
    | "stock",
    string
  >
>;

const FIELDSET = "grid gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-2";
const LEGEND = "px-1 text-sm font-semibold text-gray-900";

/**
 * Add or edit a product, in three groups: the basics (name, category, price, image), the medicine
 * information, and the stock. A plain form: it works without JavaScript.
 */
export function ProductForm({
  mode,
  result,
  failure,
  defaults,
}: {
  mode: "add" | "edit";
  result?: FormFailure;
  /** What the line above the form starts with when the server refuses ("Error adding product"). */
  failure: string;
  defaults?: ProductFormDefaults;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const values: ProductFormDefaults = { ...defaults, ...result?.values };
  const errors = result?.errors ?? {};
  const prefix = `product-${mode}`;
  const id = (field: string) => `${prefix}-${field}`;
  const text = (name: keyof ProductFormDefaults, label: string, placeholder?: string) => (
    <FormField
      label={label}
      name={name}
      idPrefix={prefix}
      defaultValue={values[name]}
      error={errors[name]}
      constraint={fields[name]}
      placeholder={placeholder}
    />
  );
  const longText = (name: keyof ProductFormDefaults, label: string) => (
    <div className="sm:col-span-2">
      <TextAreaField
        label={label}
        name={name}
        idPrefix={prefix}
        rows={3}
        constraint={fields[name]}
        defaultValue={values[name]}
        error={errors[name]}
      />
    </div>
  );
  return (
    <Form method="post" encType="multipart/form-data" data-form="product" className="grid gap-4">
      <FormError message={result?.formError && `${failure}: ${result.formError}`} />
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Basics</legend>
        <FormField
          label="Name"
          name="name"
          idPrefix={prefix}
          defaultValue={values.name}
          error={errors.name}
          constraint={fields.name}
        />
        <div>
          <label htmlFor={id("category")} className="block text-sm font-medium text-gray-800">
            Category
          </label>
          <select
            id={id("category")}
            name="category"
            required={fields.category.required}
            defaultValue={values.category ?? ""}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? `${id("category")}-error` : undefined}
            className="mt-1 w-full rounded-lg border border-gray-300 bg-white px-3 py-2"
          >
            <option value="" disabled>
              Choose a category
            </option>
            {PRODUCT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
          <FieldError id={`${id("category")}-error`} message={errors.category} />
        </div>
        <FormField
          label="Price (₦)"
          name="price"
          idPrefix={prefix}
          defaultValue={values.price}
          error={errors.price}
          constraint={fields.price}
          inputMode="decimal"
        />
        <div>
          <label htmlFor={id("image")} className="block text-sm font-medium text-gray-800">
            {mode === "add" ? "Image" : "New image (optional)"}
          </label>
          <input
            id={id("image")}
            name="image"
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(",")}
            required={mode === "add"}
            aria-invalid={errors.image ? true : undefined}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
          />
          <FieldError id={`${id("image")}-error`} message={errors.image} />
        </div>
      </fieldset>

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Medicine information</legend>
        {text("genericName", "Generic name (active ingredient)", "Paracetamol")}
        {text("strength", "Strength", "500 mg")}
        {text("dosageForm", "Dosage form", "Tablet")}
        {text("packSize", "Pack size", "2 x 12 tablets")}
        {text("manufacturer", "Manufacturer")}
        {text("nafdacNumber", "NAFDAC reg. no.", "A4-1234")}
        <div className="sm:col-span-2">
          <TextAreaField
            label="Also known as (brands and other names, one a line)"
            name="alsoKnownAs"
            idPrefix={prefix}
            rows={3}
            constraint={fields.alsoKnownAs}
            defaultValue={values.alsoKnownAs}
            error={errors.alsoKnownAs}
          />
          <p className="mt-1 text-xs text-gray-600">
            Shoppers who search for one of these find this product, e.g. Panadol, Tylenol or Acetaminophen for
            paracetamol.
          </p>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={id("medicineClass")} className="block text-sm font-medium text-gray-800">
            Class
          </label>
          <select
            id={id("medicineClass")}
            name="medicineClass"
            required={fields.medicineClass.required}
            defaultValue={values.medicineClass ?? DEFAULT_MEDICINE_CLASS}
            aria-invalid={errors.medicineClass ? true : undefined}
            aria-describedby={errors.medicineClass ? `${id("medicineClass")}-error` : undefined}
            className={`${INPUT_CLASS} bg-white`}
          >
            {MEDICINE_CLASS.entries.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
                {needsPrescription(value) ? " (checked by a pharmacist)" : ""}
              </option>
            ))}
          </select>
          <FieldError id={`${id("medicineClass")}-error`} message={errors.medicineClass} />
        </div>
        {longText("description", "Description")}
        {longText("directions", "Directions")}
        {longText("warnings", "Warnings")}
      </fieldset>

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Stock</legend>
        <div>
          <FormField
            label="Units in stock"
            name="stock"
            idPrefix={prefix}
            defaultValue={values.stock}
            error={errors.stock}
            constraint={fields.stock}
            inputMode="numeric"
          />
          <p className="mt-1 text-xs text-gray-600">
            Leave empty when not counted (always available); 0 shows it as out of stock.
          </p>
        </div>
      </fieldset>

      <div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60"
        >
          {busy ? "Saving..." : mode === "add" ? "Add product" : "Save changes"}
        </button>
      </div>
    </Form>
  );
}
