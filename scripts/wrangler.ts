// Runs wrangler with the project's configs, quietly and without telemetry.
import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { join } from "node:path";
import { fromRoot, WORKERS, workerEntry } from "../workers/registry.ts";
import type { RemoteName } from "../workers/shared/src/contracts/page.ts";
import { repoRoot } from "./paths.ts";

/** The gateway's config, which also holds the D1 migrations' settings. */
const GATEWAY_CONFIG = fromRoot(workerEntry("gateway").config);

/** The gateway first: `wrangler dev` serves the first config on the port, the services behind it. */
export const WORKER_CONFIGS = [
  GATEWAY_CONFIG,
  ...WORKERS.filter((worker) => worker.role === "service").map((worker) => fromRoot(worker.config)),
];

/**
 * The remotes' Workers, each run as its own `wrangler dev` that the gateway reaches through wrangler's
 * dev registry, so one can be rebuilt and restarted alone, the local form of its deploy.
 */
export const REMOTE_CONFIGS: Record<RemoteName, string> = {
  reader: fromRoot(workerEntry("reader").config),
  modme: fromRoot(workerEntry("modme").config),
};

const wranglerBin = join(repoRoot, "node_modules/wrangler/bin/wrangler.js");
const wranglerEnv = () => ({
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  NO_UPDATE_NOTIFIER: "1",
  FORCE_COLOR: "0",
  // Wrangler's local observability collector (on by default since 4.16x) tail-streams every
  // invocation of every Worker and Durable Object into its own SQLite, on the same workerd thread as
  // the stack: a bare object call cost about 6× more with it (tests/bench/hot-object.ts, ADR 022).
  // Production has no such collector, so the stack, its tests and benches run without it; set
  // X_LOCAL_OBSERVABILITY=true to browse traces in the local explorer.
  X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? "false",
});

export function spawnWrangler(
  args: string[],
  options: SpawnOptions = {},
  env: Record<string, string> = {},
): ChildProcess {
  return spawn(process.execPath, [wranglerBin, ...args], {
    cwd: repoRoot,
    env: { ...wranglerEnv(), ...env },
    ...options,
  });
}

/** Runs a wrangler command to completion; rejects with its output when it fails. */
export function runWrangler(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnWrangler(args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`wrangler ${args.join(" ")} exited ${code}:\n${output}`)),
    );
  });
}

export const applyMigrations = (persistTo: string) =>
  runWrangler(["d1", "migrations", "apply", "DB", "--local", "--config", GATEWAY_CONFIG, "--persist-to", persistTo]);
