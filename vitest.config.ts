// `vitest run` from the root runs the four worker suites (inside workerd), the web unit tests and
// the Node-side unit tests (summarizer, SQL quoting of the stack tools).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Both cores: vitest's default leaves one free, which ran the 120-odd files one at a time.
    maxWorkers: 2,
    projects: [
      "workers/api/vitest.config.ts",
      "workers/votes/vitest.config.ts",
      "workers/comments/vitest.config.ts",
      "workers/ingest/vitest.config.ts",
      "hosts/shell/vitest.config.ts",
      "workers/shared/vitest.node.config.ts",
      "scripts/vitest.config.ts",
      "tests/repo/vitest.config.ts",
    ],
  },
});
