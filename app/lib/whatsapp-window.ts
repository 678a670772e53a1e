/**
 * Popup blockers only allow window.open during the click itself, but the WhatsApp link exists only once
 * the server has recorded the order. So the tab is opened blank on submit and pointed at WhatsApp when the
 * order page arrives; if the browser blocked it, the order page's "Send order on WhatsApp" link remains.
 */
let pendingWindow: Window | null = null;

export function openPendingWhatsAppWindow() {
  pendingWindow = window.open("", "_blank");
  if (!pendingWindow) return;
  // The pharmacy's page must not be able to script or navigate ours.
  pendingWindow.opener = null;
  pendingWindow.document.title = "Opening WhatsApp…";
  pendingWindow.document.body.textContent = "Preparing your order for WhatsApp…";
}

/** Returns false when there is no pending tab (blocked, closed, or the order was not placed here). */
export function sendPendingWindowTo(url: string): boolean {
  const win = pendingWindow;
  pendingWindow = null;
  if (!win || win.closed) return false;
  win.location.href = url;
  return true;
}

export function closePendingWindow() {
  pendingWindow?.close();
  pendingWindow = null;
}
