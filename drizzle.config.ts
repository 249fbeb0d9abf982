import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` is used: it compares db/schema.ts with the migration
// snapshots and needs no database. Migrations are applied by the app at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
