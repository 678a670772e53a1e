/** The local demo's admin account (never created on a remote database). */
export const DEMO_ADMIN = {
  name: "Demo Admin",
  email: "admin@medistore.test",
  password: "medistore-admin-demo",
};
