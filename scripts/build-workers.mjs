#!/usr/bin/env node
// Bundles each worker with `wrangler deploy --dry-run` (offline, nothing is uploaded) and prints
// the bundle sizes. The votes, comments and ingest bundles double as the auxiliary workers of the
// gateway's workerd tests (service bindings need a built script).
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
];

// The gateway declares static assets; wrangler refuses a missing folder even when nothing is uploaded.
mkdirSync(join(root, "dist/public"), { recursive: true });

const only = process.argv.slice(2);
const rows = [];
for (const worker of workers.filter((w) => only.length === 0 || only.includes(w.name))) {
  execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--config", worker.config, "--outdir", worker.outdir], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  for (const file of readdirSync(worker.outdir).filter((f) => f.endsWith(".js"))) {
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
