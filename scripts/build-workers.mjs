#!/usr/bin/env node
// Bundles each worker with `wrangler deploy --dry-run` (offline, nothing is uploaded) and prints
// the bundle sizes. The votes, comments, ingest and reader bundles double as the auxiliary workers of
// the gateway's workerd tests (service bindings need a built script). Each writes an esbuild
// metafile beside its bundle (the deploy check reads the gateway's: no remote's module in it).
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const root = join(import.meta.dirname, "..");
const workers = [
  { name: "api", config: join(root, "wrangler.toml"), outdir: join(root, "workers/api/dist") },
  { name: "votes", config: join(root, "workers/votes/wrangler.toml"), outdir: join(root, "workers/votes/dist") },
  {
    name: "comments",
    config: join(root, "workers/comments/wrangler.toml"),
    outdir: join(root, "workers/comments/dist"),
  },
  { name: "ingest", config: join(root, "workers/ingest/wrangler.toml"), outdir: join(root, "workers/ingest/dist") },
  {
    name: "reader",
    config: join(root, "remotes/reader/wrangler.toml"),
    outdir: join(root, "remotes/reader/dist/worker"),
  },
  { name: "modme", config: join(root, "remotes/modme/wrangler.toml"), outdir: join(root, "remotes/modme/dist/worker") },
];

// Every worker with static assets; wrangler refuses a missing folder even when nothing is uploaded.
for (const folder of ["dist/public", "remotes/reader/dist/client", "remotes/modme/dist/client"])
  mkdirSync(join(root, folder), { recursive: true });

const only = process.argv.slice(2);
const rows = [];
for (const worker of workers.filter((w) => only.length === 0 || only.includes(w.name))) {
  const args = ["wrangler", "deploy", "--dry-run", "--config", worker.config, "--outdir", worker.outdir, "--metafile"];
  execFileSync("npx", args, {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  for (const file of readdirSync(worker.outdir).filter((f) => f.endsWith(".js") && !f.endsWith(".map"))) {
    const bytes = statSync(join(worker.outdir, file)).size;
    const gzip = gzipSync(readFileSync(join(worker.outdir, file))).length;
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
