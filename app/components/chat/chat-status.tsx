/** "Connecting…", "Online" or "Offline" with the reason when known and a way to try again. */
import type { ChatStatus } from "./use-chat-socket";

const LABEL: Record<ChatStatus, string> = { connecting: "Connecting…", online: "Online", offline: "Offline" };
const DOT: Record<ChatStatus, string> = {
  connecting: "bg-amber-400",
  online: "bg-green-500",
  offline: "bg-gray-400",
};

export function ChatStatusLine({
  status,
  problem,
  onReconnect,
  className = "",
}: {
  status: ChatStatus;
  problem: string | null;
  onReconnect: () => void;
  className?: string;
}) {
  return (
    <p className={`flex flex-wrap items-center gap-1.5 text-xs ${className}`} role="status">
      <span aria-hidden="true" className={`inline-block h-2 w-2 rounded-full ${DOT[status]}`} />
      <span data-testid="chat-status">{LABEL[status]}</span>
      {status === "offline" && problem ? <span>({problem})</span> : null}
      {status === "offline" ? (
        <button type="button" onClick={onReconnect} className="underline">
          Try again
        </button>
      ) : null}
    </p>
  );
}
