#!/usr/bin/env node
// Deploys to Cloudflare (docs/decisions/016-fragments.md):
//   npm run deploy [-- --dry-run]          everything, in a safe order: migrations, votes, comments,
//                                          ingest, the reader, ModMe, then the gateway (it binds them all)
//   npm run deploy:reader [-- --dry-run]   the reader's Worker alone (its server renderer and client files)
//   npm run deploy:modme [-- --dry-run]    ModMe's Worker alone
// `--dry-run` builds and runs wrangler's dry run of every step (remote migrations skipped; nothing is
// uploaded), so a deploy can be checked here. A full deploy also checks the gateway's bundle: no module
// under remotes/ and none of the remotes' UI text may be in it. Before a remote is uploaded, every
// name its modules import from the shared packages must be exported by the shell's modules (ADR 023:
// the shell deploys shared changes first): the deployed shell's when SHELL_ORIGIN names it (e.g.
// https://unbiased247.example), else the shell built here.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEPLOY_ORDER, WORKERS } from "../workers/registry.ts";
import { missingLinks, remoteBuild, sharedImportsOf, shellExports, shellFiles } from "./remote-links.ts";

const ROOT = join(import.meta.dirname, "..");
/** Each Worker's config (workers/registry.ts). */
const CONFIG = Object.fromEntries(WORKERS.map((worker) => [worker.name, worker.config]));
const TARGETS = {
  all: { build: [], workers: DEPLOY_ORDER, migrations: true },
  reader: { build: ["reader"], workers: ["reader"], migrations: false },
  modme: { build: ["modme"], workers: ["modme"], migrations: false },
};
/** Text only a remote's UI has: finding it in the gateway's bundle means a remote's code got in. */
const REMOTE_UI_TEXT = ["Load More", "Voting History", "Pending Comments", "Browse All Users"];

const [target = "all", ...flags] = process.argv.slice(2);
const dryRun = flags.includes("--dry-run");
const plan = TARGETS[target];
if (!plan || flags.some((flag) => flag !== "--dry-run")) {
  console.error("usage: node scripts/deploy.mjs [all|reader|modme] [--dry-run]");
  process.exit(2);
}

const run = (command, args) => {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  execFileSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
};

run(process.execPath, [join(ROOT, "scripts/build-web.mjs"), ...plan.build]);
await checkRemotesLink(plan.workers.filter((name) => name === "reader" || name === "modme"));
if (plan.migrations) {
  if (dryRun) console.log("\n(dry run: the remote D1 migrations are skipped)");
  else run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--remote", "--config", CONFIG.gateway]);
}
for (const name of plan.workers) {
  const outdir = join(ROOT, "dist/deploy", name);
  mkdirSync(outdir, { recursive: true });
  const args = ["wrangler", "deploy", "--config", CONFIG[name]];
  run("npx", dryRun ? [...args, "--dry-run", "--outdir", outdir, "--metafile"] : args);
  if (dryRun && name === "gateway") checkGatewayBundle(outdir);
}
console.log(`\n${dryRun ? "Dry run" : "Deploy"} of ${target} done.`);

/** Each remote's modules import only what the shell's import map provides (else it could not link at all). */
async function checkRemotesLink(remotes) {
  if (remotes.length === 0) return;
  const provided = await shellExports(shellFiles(ROOT, process.env.SHELL_ORIGIN));
  for (const name of remotes) {
    const { dir, entryFile } = remoteBuild(ROOT, name);
    const missing = missingLinks(sharedImportsOf(dir, entryFile), provided);
    if (missing.length > 0) {
      console.error(`${name} imports what the shell does not provide (deploy the shell first): ${missing.join(", ")}`);
      process.exit(1);
    }
    console.log(`${name}: every shared import is provided by the shell`);
  }
}

/** The gateway holds no remote's code: none of its bundle's modules is under remotes/, none of their UI text is in it. */
function checkGatewayBundle(outdir) {
  const meta = JSON.parse(readFileSync(join(outdir, "bundle-meta.json"), "utf8"));
  const fromRemotes = Object.keys(meta.inputs).filter((input) => /(^|\/)remotes\//.test(input));
  const bundle = readFileSync(join(outdir, "index.js"), "utf8");
  const remoteText = REMOTE_UI_TEXT.filter((text) => bundle.includes(text));
  if (fromRemotes.length > 0 || remoteText.length > 0) {
    console.error(`The gateway's bundle holds remote code: ${[...fromRemotes, ...remoteText].join(", ")}`);
    process.exit(1);
  }
  console.log(`gateway bundle: ${Object.keys(meta.inputs).length} modules, none from remotes/, no remote UI text`);
}
