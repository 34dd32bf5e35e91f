// `vitest run` from the root runs the three worker suites (inside workerd) and the web unit tests.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["workers/api/vitest.config.ts", "workers/votes/vitest.config.ts", "workers/comments/vitest.config.ts", "hosts/shell/vitest.config.ts"],
  },
});
