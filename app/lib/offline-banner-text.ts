/**
 * The offline banner's texts (components/offline-banner.tsx), plain words without markup characters (the banner
 * writes them into its HTML as they are). Apart from lib/offline-messages.ts: the banner
 * is part of every page's first load, the other messages come with the code that shows them.
 */
export const OFFLINE_MESSAGE =
  "You are offline. Pages you have seen still open but may be out of date; forms you fill in are kept on this phone and sent when you are back online.";
export const OFFLINE_COPY_MESSAGE = "Copy saved on this phone";
