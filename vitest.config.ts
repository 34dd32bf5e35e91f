// `vitest run` from the root runs the four worker suites (inside workerd), the web unit tests and
// the Node-side unit tests (summarizer, SQL quoting of the stack tools).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Both cores: vitest's default leaves one free, which ran the 120-odd files one at a time.
    maxWorkers: 2,
    // Every request a worker serves logs a JSON line: thousands in a run, burying the one failure a
    // reader looks for. Logs are kept and printed for failing tests only (`--silent=false` prints all,
    // e.g. the fuzz tests' tables of statuses).
    silent: "passed-only",
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
