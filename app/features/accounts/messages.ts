/** Texts the account pages and the API share (kept apart from server code so pages can show them). */
export const ADMIN_CREATED = "New admin created successfully!";
export const ADMIN_CREATE_FAILED = "Error creating admin";
export const REGISTRATION_FAILED = "Registration failed";
