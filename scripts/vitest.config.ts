import { defineConfig } from "vitest/config";

// Node unit tests of the local stack scripts (SQL quoting for the seed):
//   npx vitest run --config scripts/vitest.config.ts
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: "stack-node",
    environment: "node",
    include: ["**/*.test.ts"],
  },
});
