#!/usr/bin/env node
// `npm test`: every check, in the order a failure is cheapest to find (lint, build, unit tests in
// workerd and the DOM, end-to-end tests in Chromium), with the type check beside the build: the build
// keeps about one core of two busy, and TypeScript's native compiler checks every project in about
// 20 s, so the check costs the run almost nothing and leaves the end-to-end tests both cores (they
// run two files at a time). Stops at the first phase that fails and prints how long each phase took.
// With PHASE_TIMINGS=<file> (set by .ci/run) each phase's time is also appended to that file, so CI
// can print one table with its own install and smoke phases.
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { formatPhaseTable } from "./phase-timings.mjs";

const ROOT = join(import.meta.dirname, "..");
const npmRun = (script) => ["npm", ["run", "--silent", script]];
/** [name, command, args, phase run beside it (its output printed when it ends)] */
const PHASES = [
  ["lint", ...npmRun("lint")],
  // One tsc at a time beside the build, which keeps the other core.
  ["build", ...npmRun("build"), ["typecheck", "npm", ["run", "--silent", "typecheck"], { TYPECHECK_PARALLEL: "1" }]],
  ["unit", ...npmRun("test:unit")],
  ["e2e", ...npmRun("test:e2e")],
];

const timings = [];

function record(name, seconds, beside) {
  timings.push(beside ? [name, seconds, beside] : [name, seconds]);
  if (process.env.PHASE_TIMINGS)
    appendFileSync(process.env.PHASE_TIMINGS, `${name} ${seconds.toFixed(1)}${beside ? ` ${beside}` : ""}\n`);
}

/** Runs a command; its output streams through, or is kept and printed once it ends (`quiet`). */
function run(command, args, { env = {}, quiet = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("exit", (code, signal) => {
      if (quiet) process.stdout.write(output);
      resolve({ status: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000 });
    });
  });
}

function fail(name, status, seconds) {
  console.error(`\nnpm test: ${name} failed (exit ${status}) after ${seconds.toFixed(1)} s`);
  console.log(formatPhaseTable(timings));
  process.exit(status || 1);
}

for (const [name, command, args, beside] of PHASES) {
  console.log(`\n== ${name}${beside ? ` (and ${beside[0]} beside it)` : ""}`);
  const [main, side] = await Promise.all([
    run(command, args),
    beside ? run(beside[1], beside[2], { env: beside[3], quiet: true }) : null,
  ]);
  record(name, main.seconds);
  if (side) record(beside[0], side.seconds, name);
  if (side && side.status !== 0) fail(beside[0], side.status, side.seconds);
  if (main.status !== 0) fail(name, main.status, main.seconds);
}
console.log(`\nnpm test passed\n${formatPhaseTable(timings)}`);
