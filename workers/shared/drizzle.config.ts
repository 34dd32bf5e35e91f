import { defineConfig } from "drizzle-kit";

// SQL goes to the repo's one migrations folder; wrangler applies it (forward-only).
/** @public drizzle-kit's configuration (npm run db:generate). */
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema/index.ts",
  out: "../../migrations",
});
