/**
 * What a clientAction returns when the request never reached the server (offline, connection dropped):
 * the page shows the spec's message and nothing is re-read (root.tsx shouldRevalidate).
 */
export type NetworkFailure = { networkError: true };

export function isNetworkFailure(value: unknown): value is NetworkFailure {
  return typeof value === "object" && value !== null && "networkError" in value;
}
