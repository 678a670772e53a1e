/**
 * `virtual:form-constraints/<form>`: the input constraints of one form of app/lib/forms.ts, read off its
 * schema at build time and served as a plain object. The page ships the attributes, never Zod; each form's
 * module is its own, so it rides in the chunk of the page that shows the form.
 */
import type { Plugin } from "vite";
import { constraintsOf } from "../../app/lib/form-constraints";
import { FORMS, type FormName } from "../../app/lib/forms";

const PREFIX = "virtual:form-constraints/";

export function formConstraints(): Plugin {
  return {
    name: "medistore-form-constraints",
    resolveId(id) {
      // Not "\0"-prefixed: the chunking in vite.config.ts sends those to the framework chunk.
      return id.startsWith(PREFIX) ? id : undefined;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const name = id.slice(PREFIX.length);
      if (!Object.hasOwn(FORMS, name)) this.error(`No form "${name}" in app/lib/forms.ts.`);
      return `export default ${JSON.stringify(constraintsOf(FORMS[name as FormName]))};`;
    },
  };
}
