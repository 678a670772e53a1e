/**
 * The privacy notice's version: every consent records the version it was given under, and /privacy shows
 * it. Change it when the notice changes what we do with prescriptions or chats.
 */
export const PRIVACY_NOTICE_VERSION = "2026-11";

export const CONSENT_KINDS = ["prescriptions", "chat"] as const;
export type ConsentKindName = (typeof CONSENT_KINDS)[number];

export const CONSENT_LABELS: Record<ConsentKindName, string> = {
  prescriptions: "Storing your prescription photos for pharmacist review",
  chat: "Keeping your chat with our pharmacists and doctors",
};

/** "730 days (2 years)", "400 days": the number the configuration holds, and the years when they are whole. */
export function formatDays(days: number): string {
  const unit = days === 1 ? "day" : "days";
  if (days % 365 !== 0) return `${days} ${unit}`;
  const years = days / 365;
  return `${days} ${unit} (${years} year${years === 1 ? "" : "s"})`;
}
