// Starts the real local stack once for all end-to-end tests: its own port and a fresh state folder,
// so a developer's `npm start` data is neither used nor touched.
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { prepareStack, startStack } from "../../scripts/stack.ts";
import { chromiumVersion } from "./chromium.ts";
import { serveStackControl } from "./control.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** Everything the stack's workers printed (logs.e2e.test.ts reads it after the journeys). */
    stackLog: string;
    /** The stack's control (control.ts): restart a remote's Worker, the gateway's process id. */
    stackControl: string;
  }
}

export default async function setup(project: TestProject) {
  // Said once per run, and noted beside CI's phase timings (scripts/phase-timings.mjs prints notes).
  const browser = chromiumVersion();
  console.log(`e2e browser: ${browser}`);
  if (process.env.PHASE_TIMINGS) appendFileSync(process.env.PHASE_TIMINGS, `# e2e browser: ${browser}\n`);
  const persistTo = mkdtempSync(join(tmpdir(), "unbiased-e2e-"));
  const port = Number(process.env.E2E_PORT ?? 8799);
  await prepareStack({ persistTo, log: () => {} });
  const stackLog = join(persistTo, "stack.log");
  const stack = await startStack({
    port,
    persistTo,
    logFile: stackLog,
    log: () => {},
    // The stack stopped itself (a Worker it could not keep running): every test after this fails, and says why.
    onFatal: (message) => console.error(`\ne2e stack stopped: ${message}`),
  });
  project.provide("baseUrl", stack.url);
  project.provide("stackLog", stackLog);
  const control = await serveStackControl(stack);
  project.provide("stackControl", control.url);
  return async () => {
    await control.close();
    await stack.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
}
