// One @cloudflare/vitest-plugin configuration for the four workers: real migrations applied to a real
// D1 in every test file (storage is isolated per test file, not per test), the same local secrets.

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import type { LegacyWorkerOptions as WorkerOptions } from "miniflare";
import { defineConfig } from "vitest/config";
import { unstable_readConfig } from "wrangler";
import { fromRoot, type WorkerName, workerEntry } from "../../registry.ts";

export const repoRoot = join(import.meta.dirname, "../../..");

/** Local-only values the tests run with (production sets AUTH_SECRET with `wrangler secret put`). */
export const TEST_BINDINGS = {
  AUTH_SECRET: "test-only-secret-0123456789abcdef",
  // The key deleted accounts' bans are kept under (ADR 017): fixed, so tests can compute the digests.
  BAN_IDENTITY_KEY: "test-only-ban-identity-key-0123456789",
  ENVIRONMENT: "development",
};

/** What a test may add to an auxiliary worker (spelled out: miniflare's own types depend on zod 3). */
export interface AuxiliaryExtras {
  durableObjects?: Record<string, { className: string; useSQLite?: boolean }>;
  queueProducers?: Record<string, string>;
  /** Queues the worker consumes (its wrangler.toml's consumers are not read for an auxiliary worker). */
  queueConsumers?: Record<string, { maxBatchSize?: number; maxBatchTimeout?: number; maxRetries?: number }>;
  /**
   * Answers the worker's outbound fetches (Node side: miniflare's Request and Response, hence the
   * loose types; a stand-in written against miniflare's own types fits too).
   */
  // biome-ignore lint/suspicious/noExplicitAny: miniflare's Request type differs from the DOM's, and both must fit.
  outboundService?: (request: any) => unknown;
  bindings?: Record<string, string>;
  /** Its static files' binding (a remote's built client, the folder the registry names). */
  assetsBinding?: string;
}

/**
 * A built worker (from scripts/build-workers.mjs) run beside the one under test, sharing its D1. Its
 * folders come from the registry (workers/registry.ts); its compatibility settings and database id
 * from its own wrangler.toml, the one place they are written.
 */
export function auxiliaryWorker(name: WorkerName, extra: AuxiliaryExtras): WorkerOptions {
  const { bindings, assetsBinding, ...options } = extra;
  const worker = workerEntry(name);
  const dist = fromRoot(worker.dist);
  const config = unstable_readConfig({ config: fromRoot(worker.config) });
  const database = config.d1_databases.find((d: { binding: string }) => d.binding === "DB");
  return {
    name: config.name ?? `unbiased-${name}`,
    modules: true,
    modulesRoot: dist,
    scriptPath: join(dist, "index.js"),
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    ...(database?.database_id ? { d1Databases: { DB: database.database_id } } : {}),
    // Misses go to the worker's own fetch, as on Cloudflare for a Worker with assets and a script.
    ...(assetsBinding && worker.assets
      ? {
          assets: {
            directory: fromRoot(worker.assets),
            binding: assetsBinding,
            routerConfig: { has_user_worker: true },
          },
        }
      : {}),
    bindings: { ...TEST_BINDINGS, ...bindings },
    ...options,
  };
}

export interface WorkerTestOptions {
  name: string;
  dir: string;
  wranglerConfig: string;
  workers?: WorkerOptions[];
  bindings?: () => Promise<Record<string, string>>;
  /**
   * Options for the worker under test beyond its wrangler.toml: an `outboundService` that answers its
   * fetches (so tests never reach the internet), or `queueProducers` to re-point a queue binding.
   */
  miniflare?: Pick<WorkerOptions, "outboundService" | "queueProducers">;
  /** Module aliases, as wrangler.toml's [alias] (which the test pool does not read). */
  alias?: Record<string, string>;
}

export function workerTestConfig(options: WorkerTestOptions) {
  // The gateway's wrangler.toml names a static-assets folder; it must exist even before the web build.
  mkdirSync(join(repoRoot, "dist/public"), { recursive: true });
  return defineConfig(async () => ({
    plugins: [
      cloudflareTest({
        main: join(options.dir, "src/index.ts"),
        wrangler: { configPath: options.wranglerConfig },
        miniflare: {
          bindings: {
            ...TEST_BINDINGS,
            ...(await options.bindings?.()),
            TEST_MIGRATIONS: await readD1Migrations(join(repoRoot, "migrations")),
          },
          workers: options.workers ?? [],
          ...options.miniflare,
        },
      }),
    ],
    resolve: { alias: options.alias ?? {} },
    test: {
      name: options.name,
      root: options.dir,
      include: ["test/**/*.test.ts"],
      setupFiles: [join(import.meta.dirname, "apply-migrations.ts")],
    },
  }));
}
