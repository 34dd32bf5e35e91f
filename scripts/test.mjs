#!/usr/bin/env node
// `npm test`: every check, in the order a failure is cheapest to find (lint, types, build, unit tests
// in workerd and the DOM, end-to-end tests in Chromium). Stops at the first phase that fails and prints
// how long each phase took. With PHASE_TIMINGS=<file> (set by .ci/run) each phase's time is also
// appended to that file, so CI can print one table with its own install and smoke phases.
import { spawnSync } from "node:child_process";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { formatPhaseTable } from "./phase-timings.mjs";

const ROOT = join(import.meta.dirname, "..");
const PHASES = [
  ["lint", "npm", ["run", "--silent", "lint"]],
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["build", "npm", ["run", "--silent", "build"]],
  ["unit", "npm", ["run", "--silent", "test:unit"]],
  ["e2e", "npm", ["run", "--silent", "test:e2e"]],
];

const timings = [];
for (const [name, command, args] of PHASES) {
  console.log(`\n== ${name}`);
  const started = performance.now();
  const { status } = spawnSync(command, args, { cwd: ROOT, stdio: "inherit" });
  const seconds = (performance.now() - started) / 1000;
  timings.push([name, seconds]);
  if (process.env.PHASE_TIMINGS) appendFileSync(process.env.PHASE_TIMINGS, `${name} ${seconds.toFixed(1)}\n`);
  if (status !== 0) {
    console.error(`\nnpm test: ${name} failed (exit ${status}) after ${seconds.toFixed(1)} s`);
    console.log(formatPhaseTable(timings));
    process.exit(status ?? 1);
  }
}
console.log(`\nnpm test passed\n${formatPhaseTable(timings)}`);
