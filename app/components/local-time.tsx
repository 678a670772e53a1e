import { lagosDate, lagosDateTime } from "~/lib/lagos-time";

/**
 * A moment shown in Nigerian time (WAT) whatever the server's or the phone's zone and locale data, so the
 * server render and the hydrated page agree (lib/lagos-time.ts).
 */
export function LocalTime({
  ms,
  withTime = true,
  className,
}: {
  ms: number;
  withTime?: boolean;
  className?: string;
}) {
  return (
    <time dateTime={new Date(ms).toISOString()} className={className}>
      {withTime ? lagosDateTime(ms) : lagosDate(ms)}
    </time>
  );
}
