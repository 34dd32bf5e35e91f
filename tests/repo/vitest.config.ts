import { defineConfig } from "vitest/config";

// Checks of the repository itself (its docs, citations and comments), plain Node:
//   npx vitest run --project repo
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: "repo",
    environment: "node",
    include: ["**/*.test.ts"],
  },
});
