#!/usr/bin/env node
// `npm run types`: regenerates each Worker's `Env` (worker-configuration.d.ts) with `wrangler types`,
// for every Worker of the registry (workers/registry.ts), never written by hand.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { WORKERS } from "../workers/registry.ts";

const root = join(import.meta.dirname, "..");
for (const worker of WORKERS) {
  const envFile = worker.types.envFile ? ["--env-file", worker.types.envFile] : [];
  const args = [
    "wrangler",
    "types",
    worker.types.out,
    "-c",
    worker.config,
    "--include-runtime=false",
    "--strict-vars=false",
  ];
  console.log(`${worker.name}: ${worker.types.out}`);
  execFileSync("npx", [...args, ...envFile], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
}
