// End-to-end tests: real Chromium against the real local stack (`npm run build` must have run).
// One stack for the whole run (the root's global setup; every project reads its address), and two
// groups run one after the other:
// - the journeys, two files at a time: each waits mostly on its browser and the stack, so two of
//   them fill the machine's two cores (one at a time left about one idle);
// - then the stack-log checks, which read what every journey before them made the workers print, and
//   the independent deploys, which rebuild and restart remotes on that shared stack (requests in flight
//   while files change under a running dev server are cut off, which the log checks must not count):
//   one at a time, in that order (sequencer.ts), with nothing else running.
import { defineConfig } from "vitest/config";
import { JourneysThenLogs, LAST_FILES } from "./sequencer.ts";

const shared = {
  root: import.meta.dirname,
  // Fails any test during which Chromium reported a Content-Security-Policy violation.
  setupFiles: ["./csp.setup.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    root: import.meta.dirname,
    globalSetup: ["./global-setup.ts"],
    sequence: { sequencer: JourneysThenLogs },
    projects: [
      {
        test: {
          ...shared,
          name: "e2e",
          include: ["**/*.e2e.test.ts"],
          exclude: LAST_FILES.map((file) => `**/${file}`),
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: "e2e-last",
          include: LAST_FILES.map((file) => `**/${file}`),
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
