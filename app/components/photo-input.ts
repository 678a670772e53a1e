/**
 * The forms that take a photo (prescriptions, transfer receipts) shrink it in the browser as soon as it is
 * chosen (shrink-photo.ts, fetched then). `shrinking` holds the submit button until the smaller copy
 * replaced the original in the input.
 */
import { useCallback, useRef, useState, type ChangeEvent } from "react";

export const PREPARING_PHOTO = "Making your photo smaller to send…";

export function usePhotoShrinker(onReady?: (file: File | null) => void) {
  const latest = useRef<Promise<File | null> | null>(null);
  const [shrinking, setShrinking] = useState(false);
  const shrink = useCallback(
    (input: HTMLInputElement) => {
      setShrinking(true);
      const run = import("./shrink-photo")
        .then((mod) => mod.shrinkChosenPhoto(input))
        // The module could not be fetched (offline): the photo goes as it is and the server judges it.
        .catch(() => input.files?.[0] ?? null);
      latest.current = run;
      void run.then((file) => {
        if (latest.current !== run) return;
        latest.current = null;
        setShrinking(false);
        onReady?.(file);
      });
      return run;
    },
    [onReady],
  );
  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => void shrink(event.currentTarget),
    [shrink],
  );
  return { shrink, onChange, shrinking };
}
