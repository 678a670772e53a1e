/**
 * POST /api/prescriptions/upload?email={email}: multipart field `image`, Bearer token. A customer uploads
 * into their own account only; an admin may upload for an existing customer.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  prescriptionImageUrl,
  uploadOwner,
  uploadPrescription,
} from "~/features/prescriptions/prescriptions.server";
import { handleApi, methodNotAllowed } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";
import { readMultipart } from "~/services/uploads.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const viewer = await requireApiUser(request, context);
    const owner = await uploadOwner(context, viewer, new URL(request.url).searchParams.get("email"));
    // API clients show their own consent screen; the upload itself is the consent.
    const saved = await uploadPrescription(request, context, owner, await readMultipart(request), {
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
  });
}

export const loader = () => methodNotAllowed(["POST"]);
