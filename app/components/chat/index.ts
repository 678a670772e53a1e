/** The chat UI: the customer's floating widget (/dashboard) and the admins' panel (/admin). */
export { ChatWidget } from "./chat-widget";
export { AdminChatPanel, type ChatCustomer } from "./admin-chat-panel";
