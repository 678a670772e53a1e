/** The constraints of one form of app/lib/forms.ts, by field (scripts/build/form-constraints-plugin.ts). */
declare module "virtual:form-constraints/*" {
  import type { FieldConstraint } from "~/lib/form-constraints";

  const fields: { readonly [field: string]: FieldConstraint };
  export default fields;
}
