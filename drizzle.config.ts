import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations into drizzle/; wrangler applies them
// (`wrangler d1 migrations apply DB --local|--remote`).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./drizzle",
});
