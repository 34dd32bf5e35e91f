#!/usr/bin/env node
// `npm run test:unit`: the unit projects of vitest.config.ts in two vitest processes side by side.
// One vitest process transforms every test file's modules on its own main thread, which kept the
// run near one core of two (about 330 s); two processes, each with its own main thread, take about
// 200 s. The gateway's suite (37 files, each starting the gateway with five Workers beside it: about
// 165 s alone) is one half, every other project the other (about 175 s since the UI tests share one
// page per worker), so a project added to vitest.config.ts runs without a change here. Each half's
// output is printed whole when it ends, so the two never interleave.
import { spawn } from "node:child_process";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const VITEST = join(ROOT, "node_modules/.bin/vitest");
const FIRST_HALF = ["api"];
const HALVES = [
  FIRST_HALF.flatMap((name) => ["--project", name]),
  FIRST_HALF.flatMap((name) => ["--project", `!${name}`]),
];
const extraArgs = process.argv.slice(2);

function runHalf(projectArgs) {
  return new Promise((resolve) => {
    const child = spawn(VITEST, ["run", ...projectArgs, ...extraArgs], {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code, signal) => {
      process.stdout.write(`\n── vitest ${projectArgs.join(" ")}\n${output}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const codes = await Promise.all(HALVES.map(runHalf));
process.exit(codes.find((code) => code !== 0) ?? 0);
