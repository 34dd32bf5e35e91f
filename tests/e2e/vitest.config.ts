// End-to-end tests: real Chromium against the real local stack (`npm run build` must have run).
import { defineConfig } from "vitest/config";
import { JourneysThenLogs } from "./sequencer.ts";

export default defineConfig({
  test: {
    name: "e2e",
    root: import.meta.dirname,
    include: ["**/*.e2e.test.ts"],
    globalSetup: ["./global-setup.ts"],
    // Fails any test during which Chromium reported a Content-Security-Policy violation.
    setupFiles: ["./csp.setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser-heavy file at a time: the machine has two cores and the stack uses one.
    fileParallelism: false,
    sequence: { sequencer: JourneysThenLogs },
  },
});
