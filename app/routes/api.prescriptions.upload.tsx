/**
 * POST /api/prescriptions/upload?email={email}: multipart field `image`, Bearer token. A customer uploads
 * into their own account only; an admin may upload for an existing customer.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { prescriptionImageUrl } from "~/models/prescription.server";
import { findUserByEmail, toPublicUser } from "~/models/user.server";
import { ApiError, handleApi, methodNotAllowed } from "~/services/api.server";
import { uploadPrescription } from "~/services/prescription-upload.server";
import { requireApiUser } from "~/services/session.server";
import { readMultipart, UploadError } from "~/services/uploads.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const viewer = await requireApiUser(request, context);
    const email = (new URL(request.url).searchParams.get("email") ?? viewer.email).trim().toLowerCase();
    let owner = viewer;
    if (email !== viewer.email) {
      if (viewer.role !== "admin")
        throw new ApiError(403, "You can only upload prescriptions to your own account.");
      const found = await findUserByEmail(context.db, email);
      if (!found) throw new ApiError(404, "No account uses that e-mail address.");
      owner = toPublicUser(found);
    }
    try {
      // API clients show their own consent screen; the upload itself is the consent.
      const saved = await uploadPrescription(context, owner, await readMultipart(request), {
        requireConsent: false,
      });
      return Response.json(
        {
          message: "Prescription uploaded successfully!",
          prescription: {
            _id: saved.id,
            imageUrl: prescriptionImageUrl(saved.id),
            userEmail: owner.email,
            user: { name: owner.name },
            createdAt: new Date(saved.createdAt).toISOString(),
          },
        },
        { status: 201 },
      );
    } catch (error) {
      if (error instanceof UploadError) throw new ApiError(error.status, error.message);
      throw error;
    }
  });
}

export const loader = () => methodNotAllowed(["POST"]);
