/** What the rest of the app, the browser included, may know about an account. */
export type Role = "user" | "admin";

export type PublicUser = { id: string; name: string; email: string; role: Role };
