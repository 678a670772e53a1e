/** What the contact form says and names (shared by the page and the server). */
export const CONTACT_SENT = "Message sent successfully!";
export const CONTACT_FAILED = "Failed to send message. Please try again.";
/** Hidden from people; bots that fill every field give themselves away. */
export const HONEYPOT = "website";
