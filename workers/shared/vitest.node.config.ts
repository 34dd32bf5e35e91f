import { defineConfig } from "vitest/config";

// Plain Node unit tests of the shared package's pure code (the summarizer), no workerd pool:
//   npx vitest run --config workers/shared/vitest.node.config.ts
/** @public the root vitest config's project. */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: "shared-node",
    environment: "node",
    include: ["test/**/*.test.ts"],
  },
});
