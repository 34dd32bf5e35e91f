#!/usr/bin/env node
// `npm run typecheck`: tsc over every TypeScript project of the repository, two at a time (the
// machines have two cores; one after another took twice as long). Prints each failing project's errors.
import { spawn } from "node:child_process";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const TSC = join(ROOT, "node_modules/.bin/tsc");
const PROJECTS = [
  "workers/shared",
  "workers/api",
  "workers/votes",
  "workers/comments",
  "workers/ingest",
  "hosts/shared",
  "hosts/shell",
  "remotes/reader",
  "remotes/reader/worker",
  "remotes/modme",
  "remotes/modme/worker",
  "scripts",
  "tests",
  "tests/bench/hot-object",
  "tests/eval",
];
// TYPECHECK_PARALLEL=1 when it runs beside the end-to-end tests (npm test), which need a core of their own.
const PARALLEL = Number(process.env.TYPECHECK_PARALLEL) || 2;

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(TSC, ["-p", project], { cwd: ROOT });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => resolve({ project, ok: code === 0, output }));
  });
}

const queue = [...PROJECTS];
const failed = [];
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const result = await check(project);
      if (!result.ok) {
        failed.push(project);
        process.stdout.write(`\n${project}:\n${result.output}`);
      }
    }
  }),
);
if (failed.length > 0) {
  console.error(`\ntypecheck failed in ${failed.join(", ")}`);
  process.exit(1);
}
console.log(`typecheck: ${PROJECTS.length} projects, no errors`);
