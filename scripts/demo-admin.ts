/**
 * The local demo's admin account (never created on a remote database). Its name signs the chat replies
 * customers see, so it reads like the pharmacist it stands for; its (made-up) PCN registration number makes
 * it one, so prescription orders can be reviewed locally.
 */
export const DEMO_ADMIN = {
  name: "Pharm. Ngozi Okafor",
  email: "admin@medistore.test",
  password: "medistore-admin-demo",
  pcnNumber: "PS-021784",
};
