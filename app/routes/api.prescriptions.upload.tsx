/**
 * POST /api/prescriptions/upload?email={email}: multipart field `image`, Bearer token. A customer uploads
 * into their own account only; an admin may upload for an existing customer.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  prescriptionImageUrl,
  uploadOwner,
  uploadPrescription,
  uploadReads,
} from "~/features/prescriptions/prescriptions.server";
import { handleApi, methodNotAllowed } from "~/services/http.server";
import { requireApiUser, withReads } from "~/services/session.server";
import { readMultipart } from "~/services/uploads.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const rawEmail = new URL(request.url).searchParams.get("email");
    // The account it goes to and its consent travel to D1 with the session lookup (the Worker lets this
    // call start beside its dead-token check: the guard refuses a dead token before anything is stored).
    const [viewer, [found, latestConsent]] = await withReads(request, context, requireApiUser, (me) =>
      uploadReads(context, me, rawEmail),
    );
    const owner = uploadOwner(viewer, rawEmail, found);
    // API clients show their own consent screen; the upload itself is the consent.
    const saved = await uploadPrescription(request, context, owner, await readMultipart(request), {
      requireConsent: false,
      latestConsent,
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
