/**
 * The dashboard's prescription upload: choose an image, see a preview with its name, agree to the health
 * data notice, submit. A plain multipart form without JavaScript; with it, sent in place with a toast.
 */
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/image-type";
import type { FormFailure } from "~/lib/app-error";
import { FormError } from "./form-field";
import { PREPARING_PHOTO, usePhotoShrinker } from "./photo-input";
import { showToast } from "./toaster";

export type UploadResult = { ok: boolean; message: string; network?: boolean };
/** The dashboard's answer: an upload's result, or the form's refusal (services/http.server.ts). */
type UploadAnswer = UploadResult | FormFailure;

export const UPLOAD_SUCCESS = "Prescription uploaded successfully!";
export const UPLOAD_NETWORK_ERROR = "Something went wrong. Please try again.";
export const uploadFailedMessage = (reason?: string) => `Upload failed: ${reason || "Please try again."}`;

const resultOf = (answer: UploadAnswer | undefined): UploadResult | undefined =>
  answer && !("ok" in answer) ? { ok: false, message: uploadFailedMessage(answer.formError) } : answer;

export function PrescriptionUpload({ noJsResult }: { noJsResult?: UploadAnswer }) {
  const fetcher = useFetcher<UploadAnswer>({ key: "prescription-upload" });
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; url: string } | null>(null);
  const showChosen = useCallback(
    (chosen: File | null) => setFile(chosen ? { name: chosen.name, url: URL.createObjectURL(chosen) } : null),
    [],
  );
  const photo = usePhotoShrinker(showChosen);
  const busy = fetcher.state !== "idle";
  const result = resultOf(fetcher.data ?? noJsResult);

  useEffect(() => () => (file ? URL.revokeObjectURL(file.url) : undefined), [file]);

  // A photo picked before the page's script ran raised no change event here: take it up now.
  const { shrink } = photo;
  useEffect(() => {
    if (inputRef.current?.files?.length) void shrink(inputRef.current);
  }, [shrink]);

  useEffect(() => {
    const answer = resultOf(fetcher.data);
    if (fetcher.state !== "idle" || !answer) return;
    const { ok, message } = answer;
    showToast({ type: ok ? "success" : "error", message });
    if (ok) {
      formRef.current?.reset();
      setFile(null);
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <section aria-labelledby="upload-heading" className="rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="upload-heading" className="text-lg font-semibold">
        Upload a prescription
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        A clear photo of your doctor&apos;s prescription (JPEG, PNG or WebP, up to 5 MB).
      </p>
      <fetcher.Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="mt-3 flex flex-col gap-3"
      >
        <input type="hidden" name="intent" value="upload-prescription" />
        {hydrated ? <input type="hidden" name="_enhanced" value="1" /> : null}
        {result && !result.ok && !hydrated ? <FormError message={result.message} /> : null}
        {result?.ok && !hydrated ? (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
            {result.message}
          </p>
        ) : null}
        <label className="block text-sm font-medium text-gray-800" htmlFor="prescription-image">
          Prescription image
        </label>
        <input
          id="prescription-image"
          name="image"
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(",")}
          required
          ref={inputRef}
          onChange={photo.onChange}
          className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
        />
        {photo.shrinking ? (
          <p role="status" className="text-sm text-gray-700">
            {PREPARING_PHOTO}
          </p>
        ) : null}
        {file ? (
          <figure className="flex items-center gap-3">
            <img
              src={file.url}
              alt="Preview of the chosen prescription"
              className="h-20 w-20 rounded border border-gray-200 object-cover"
            />
            <figcaption className="break-all text-sm text-gray-700">{file.name}</figcaption>
          </figure>
        ) : null}
        <label className="flex items-start gap-2 text-sm text-gray-700">
          <input type="checkbox" name="consent" value="yes" required className="mt-1" />
          <span>
            I agree that MediStore&apos;s licensed pharmacists may view and keep this prescription to fill my
            orders, as described in the{" "}
            <a href="/privacy" className="text-brand-700 underline">
              privacy notice
            </a>
            .
          </span>
        </label>
        <button
          type="submit"
          disabled={busy || (hydrated && (!file || photo.shrinking))}
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white disabled:opacity-50"
        >
          {busy ? "Submitting..." : "Submit Prescription"}
        </button>
      </fetcher.Form>
    </section>
  );
}
