/**
 * A moment shown in Nigerian time (WAT) whatever the server's or the phone's zone, so the server render and
 * the hydrated page agree.
 */
const formats = {
  date: new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeZone: "Africa/Lagos" }),
  dateTime: new Intl.DateTimeFormat("en-NG", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Africa/Lagos",
  }),
};

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
      {(withTime ? formats.dateTime : formats.date).format(ms)}
    </time>
  );
}
