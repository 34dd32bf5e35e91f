// Local-only settings for the three workers. wrangler reads `.dev.vars` beside each config; the
// committed wrangler.toml files hold production values, so the development sign-in and the local
// secret exist only where this file has written them.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./paths.ts";

const WORKER_DIRS = [repoRoot, join(repoRoot, "workers/votes"), join(repoRoot, "workers/comments")];

function parse(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .map((line) => line.match(/^\s*([A-Z0-9_]+)\s*=\s*"?(.*?)"?\s*$/))
      .filter((m): m is RegExpMatchArray => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
}

/** Writes .dev.vars for each worker, keeping values already there; all three share one AUTH_SECRET. */
export function ensureDevVars(): void {
  const existing = parse(join(repoRoot, ".dev.vars"));
  const shared = {
    ENVIRONMENT: "development",
    AUTH_SECRET: existing.AUTH_SECRET || randomBytes(32).toString("hex"),
  };
  for (const dir of WORKER_DIRS) {
    const file = join(dir, ".dev.vars");
    const values = { ...parse(file), ...shared };
    const body = Object.entries(values).map(([k, v]) => `${k}="${v}"`).join("\n");
    writeFileSync(file, `# Written by npm start for local development only. Never deploy these values.\n${body}\n`);
  }
}
