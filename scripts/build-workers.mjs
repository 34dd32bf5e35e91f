#!/usr/bin/env node
// Bundles each worker with `wrangler deploy --dry-run` (offline, nothing is uploaded) and prints
// the bundle sizes. The votes, comments, ingest and reader bundles double as the auxiliary workers of
// the gateway's workerd tests (service bindings need a built script). Each writes an esbuild
// metafile beside its bundle (the deploy check reads the gateway's: no remote's module in it). The
// Workers and their folders come from the one registry (workers/registry.ts); `node
// scripts/build-workers.mjs votes` bundles one.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { WORKERS } from "../workers/registry.ts";

const root = join(import.meta.dirname, "..");

// Every Worker with static assets; wrangler refuses a missing folder even when nothing is uploaded.
for (const worker of WORKERS) if (worker.assets) mkdirSync(join(root, worker.assets), { recursive: true });

const only = process.argv.slice(2);
const rows = [];
for (const worker of WORKERS.filter((w) => only.length === 0 || only.includes(w.name))) {
  const outdir = join(root, worker.dist);
  const args = [
    "wrangler",
    "deploy",
    "--dry-run",
    "--config",
    join(root, worker.config),
    "--outdir",
    outdir,
    "--metafile",
  ];
  execFileSync("npx", args, {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  for (const file of readdirSync(outdir).filter((f) => f.endsWith(".js") && !f.endsWith(".map"))) {
    const bytes = statSync(join(outdir, file)).size;
    const gzip = gzipSync(readFileSync(join(outdir, file))).length;
    rows.push({
      worker: worker.name,
      file,
      "size (KiB)": (bytes / 1024).toFixed(1),
      "gzip (KiB)": (gzip / 1024).toFixed(1),
    });
  }
}
console.log("Worker bundles (wrangler deploy --dry-run):");
console.table(rows);
