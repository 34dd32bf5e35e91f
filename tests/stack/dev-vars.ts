// Local-only settings for the three workers. Secrets go to `.dev.vars` beside each config (wrangler
// reads the ones `[secrets] required` lists from there); the non-secret local values are passed to
// `wrangler dev` as --var (see localVars). The committed wrangler.toml files hold production values,
// so the development sign-in exists only in a server started by this project's stack runner.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hashPassword } from "../../workers/shared/src/auth/passwords.ts";
import { repoRoot } from "./paths.ts";

/** The local ModMe password (README § Configuration); production sets its own hash as a secret. */
export const LOCAL_MODME_PASSWORD = "modme-local";

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

/** Non-secret values that differ locally; `wrangler dev` gets them as --var KEY:VALUE. */
export const localVars = (port: number) => ({ ENVIRONMENT: "development", APP_ORIGIN: `http://127.0.0.1:${port}` });

/**
 * Writes .dev.vars for each worker, keeping secrets a developer set there; all three share one
 * AUTH_SECRET. The gateway also gets the local ModMe password's hash and an empty Google secret.
 */
export async function ensureDevVars(): Promise<void> {
  const existing = parse(join(repoRoot, ".dev.vars"));
  const shared = { AUTH_SECRET: existing.AUTH_SECRET || randomBytes(32).toString("hex") };
  const gateway = {
    GOOGLE_CLIENT_SECRET: existing.GOOGLE_CLIENT_SECRET ?? "",
    MODME_PASSWORD_HASH: existing.MODME_PASSWORD_HASH || (await hashPassword(LOCAL_MODME_PASSWORD)),
  };
  for (const dir of WORKER_DIRS) {
    const file = join(dir, ".dev.vars");
    const values = { ...parse(file), ...shared, ...(dir === repoRoot ? gateway : {}) };
    const body = Object.entries(values).map(([k, v]) => `${k}="${v}"`).join("\n");
    writeFileSync(file, `# Written by npm start for local development only. Never deploy these values.\n${body}\n`);
  }
}
