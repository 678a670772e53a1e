import { Form, useNavigation } from "@remix-run/react";
import { PRODUCT_CATEGORIES } from "~/lib/categories";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/image-type";
import { FormError, FormField } from "../form-field";
import type { FormFailure } from "~/lib/app-error";

/** Add or edit a product: name, category from the fixed list, price in naira, image. */
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
  defaults?: { name: string; category: string; price: string };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const values = { ...defaults, ...result?.values };
  const errors = result?.errors ?? {};
  const id = (field: string) => `product-${mode}-${field}`;
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormError message={result?.formError && `${failure}: ${result.formError}`} />
      </div>
      <FormField
        label="Name"
        name="name"
        idPrefix={`product-${mode}`}
        defaultValue={values.name}
        error={errors.name}
        maxLength={200}
      />
      <div>
        <label htmlFor={id("category")} className="block text-sm font-medium text-gray-800">
          Category
        </label>
        <select
          id={id("category")}
          name="category"
          required
          defaultValue={values.category ?? ""}
          aria-invalid={errors.category ? true : undefined}
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
        {errors.category ? <p className="mt-1 text-sm text-red-700">{errors.category}</p> : null}
      </div>
      <FormField
        label="Price (₦)"
        name="price"
        idPrefix={`product-${mode}`}
        defaultValue={values.price}
        error={errors.price}
        maxLength={20}
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
        {errors.image ? <p className="mt-1 text-sm text-red-700">{errors.image}</p> : null}
      </div>
      <div className="sm:col-span-2">
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
