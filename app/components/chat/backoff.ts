/**
 * The reconnection schedule (docs/product-rules.md, Chat): 1,000 ms doubling up to 5,000 ms, each delay randomised by ±50 % so that
 * phones dropped by the same network blip do not all come back in the same millisecond. partysocket has no
 * randomisation of its own, so its delay is set to 0 and this one is awaited before each new attempt.
 */
import { SOCKET_OPTIONS } from "~/lib/chat-protocol";

/** The wait before retry number `attempt` (1 = the first retry); 0 for the first connection. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  if (attempt <= 0) return 0;
  const { reconnectionDelayMs, reconnectionDelayMaxMs, randomizationFactor } = SOCKET_OPTIONS;
  const nominal = Math.min(reconnectionDelayMs * 2 ** (attempt - 1), reconnectionDelayMaxMs);
  const jitter = (random() * 2 - 1) * randomizationFactor * nominal;
  return Math.round(Math.min(nominal + jitter, reconnectionDelayMaxMs));
}
