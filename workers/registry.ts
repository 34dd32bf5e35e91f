// The one list of the product's Workers, read by everything that starts, builds, deploys, types or
// tests them: scripts/wrangler.ts (npm start and the e2e stack), build-workers.mjs, deploy.mjs,
// types.mjs, and the workerd tests' auxiliary workers (shared/testing/pool-config.ts). Node 22 runs
// it as it is (type stripping), from the .mjs scripts too. Tooling only: no Worker's bundle imports it.
import { join } from "node:path";

export type WorkerName = "gateway" | "votes" | "comments" | "ingest" | "reader" | "modme";

export interface WorkerEntry {
  name: WorkerName;
  /** Its folder, from the repository root. */
  folder: string;
  /** Its wrangler config, from the repository root (the gateway's is the root wrangler.toml). */
  config: string;
  /**
   * gateway: the origin's Worker; service: behind the gateway (votes, comments, ingest), run in the
   * gateway's `wrangler dev`; remote: a front-end remote, its own `wrangler dev` and deploy.
   */
  role: "gateway" | "service" | "remote";
  /** Where `wrangler deploy --dry-run` writes its bundle (the gateway's tests run the services' and remotes' from there). */
  dist: string;
  /** Its `wrangler types` output (and the env file to read vars from, when not its own .dev.vars). */
  types: { out: string; envFile?: string };
  /** Its static files' folder, if it has any (wrangler refuses a missing one even on a dry run). */
  assets?: string;
}

export const WORKERS: readonly WorkerEntry[] = [
  {
    name: "gateway",
    folder: "workers/api",
    config: "wrangler.toml",
    role: "gateway",
    dist: "workers/api/dist",
    types: { out: "workers/api/worker-configuration.d.ts" },
    assets: "dist/public",
  },
  {
    name: "votes",
    folder: "workers/votes",
    config: "workers/votes/wrangler.toml",
    role: "service",
    dist: "workers/votes/dist",
    types: { out: "workers/votes/worker-configuration.d.ts" },
  },
  {
    name: "comments",
    folder: "workers/comments",
    config: "workers/comments/wrangler.toml",
    role: "service",
    dist: "workers/comments/dist",
    types: { out: "workers/comments/worker-configuration.d.ts" },
  },
  {
    name: "ingest",
    folder: "workers/ingest",
    config: "workers/ingest/wrangler.toml",
    role: "service",
    dist: "workers/ingest/dist",
    // Its .dev.vars holds local values (ENVIRONMENT, NEWSWIRE_ORIGIN) that are vars, not secrets.
    types: { out: "workers/ingest/worker-configuration.d.ts", envFile: "/dev/null" },
  },
  {
    name: "reader",
    folder: "remotes/reader",
    config: "remotes/reader/wrangler.toml",
    role: "remote",
    dist: "remotes/reader/dist/worker",
    types: { out: "remotes/reader/worker/worker-configuration.d.ts" },
    assets: "remotes/reader/dist/client",
  },
  {
    name: "modme",
    folder: "remotes/modme",
    config: "remotes/modme/wrangler.toml",
    role: "remote",
    dist: "remotes/modme/dist/worker",
    types: { out: "remotes/modme/worker/worker-configuration.d.ts" },
    assets: "remotes/modme/dist/client",
  },
];

export const repoRoot = join(import.meta.dirname, "..");

/** The entry of `name` (every name is listed: the type says so). */
export function workerEntry(name: WorkerName): WorkerEntry {
  const found = WORKERS.find((worker) => worker.name === name);
  if (!found) throw new Error(`no Worker named ${name}`);
  return found;
}

/** Absolute path of a path the registry gives from the repository root. */
export const fromRoot = (path: string) => join(repoRoot, path);

/**
 * The order a whole deploy follows: the services and the remotes first (they bind nothing of the
 * gateway's), the gateway last (a service binding needs its Worker to exist).
 */
export const DEPLOY_ORDER: readonly WorkerName[] = [
  ...WORKERS.filter((worker) => worker.role !== "gateway").map((worker) => worker.name),
  "gateway",
];
