/** One upload path for the dashboard form and POST /api/prescriptions/upload. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { savePrescription } from "~/models/prescription.server";
import type { PublicUser } from "~/models/user.server";
import { readImageField, UploadError } from "./uploads.server";

export const CONSENT_REQUIRED = "Please agree to the processing of your prescription to upload it.";

export async function uploadPrescription(
  context: AppLoadContext,
  owner: PublicUser,
  form: FormData,
  { requireConsent = true } = {},
) {
  if (requireConsent && form.get("consent") !== "yes") throw new UploadError(CONSENT_REQUIRED);
  const image = await readImageField(form, "image");
  return savePrescription(context, owner.id, image);
}
