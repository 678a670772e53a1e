/**
 * What a clientAction returns when the request never reached the server (offline, connection dropped):
 * the page shows its failure message and nothing is re-read (root.tsx shouldRevalidate).
 */
export type NetworkFailure = { networkError: true };

export function isNetworkFailure(value: unknown): value is NetworkFailure {
  return typeof value === "object" && value !== null && "networkError" in value;
}

/**
 * For a route's clientAction: runs the server action; when the request never got there, answers
 * `fallback` marked as a network failure instead of throwing to the error page. Responses (redirects,
 * thrown errors the server meant) pass through.
 */
export async function orNetworkFailure<T, F extends object>(
  serverAction: () => Promise<T>,
  fallback: F,
): Promise<T | (F & NetworkFailure)> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    return { ...fallback, networkError: true };
  }
}
