// Local-only settings for the four workers. Secrets go to `.dev.vars` beside each config (wrangler
// reads the ones `[secrets] required` lists from there); the non-secret local values are passed to
// `wrangler dev` as --var (see localVars). The committed wrangler.toml files hold production values,
// so the development sign-in and the sample newswire exist only in a server started by this
// project's stack runner.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hashPassword } from "../workers/shared/src/auth/passwords.ts";
import { repoRoot } from "./paths.ts";

/** The local ModMe password (README § Configuration); production sets its own hash as a secret. */
export const LOCAL_MODME_PASSWORD = "modme-local";

/** The local key deleted accounts' bans are kept under (never a production value). */
const LOCAL_BAN_IDENTITY_KEY = "local-development-ban-identity-key";

function parse(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .map((line) => line.match(/^\s*([A-Z0-9_]+)\s*=\s*"?(.*?)"?\s*$/))
      .filter((m): m is RegExpMatchArray => m !== null)
      // Both groups always take part in a match (the value's may be empty).
      .map(([, key = "", value = ""]) => [key, value]),
  );
}

/**
 * Non-secret values that differ locally; `wrangler dev` gets them as --var KEY:VALUE (for every
 * worker of the one dev server). NEWSWIRE_ORIGIN is the stack's own origin: the ingest worker serves
 * the sample newswire there and may fetch it although it is loopback.
 */
export const localVars = (port: number) => ({
  ENVIRONMENT: "development",
  APP_ORIGIN: `http://127.0.0.1:${port}`,
  NEWSWIRE_ORIGIN: `http://127.0.0.1:${port}`,
});

/**
 * Writes .dev.vars for each worker, keeping secrets a developer set there. The gateway, votes and
 * comments workers share one AUTH_SECRET; the gateway also gets the local ModMe password's hash and an
 * empty Google secret; the ingest worker gets its development values and an empty stock-photo key
 * unless one was set. Nothing here depends on the port, so stacks on different ports (npm start, the
 * end-to-end tests) can run side by side without rewriting each other's files.
 */
export async function ensureDevVars(): Promise<void> {
  const gatewayExisting = parse(join(repoRoot, ".dev.vars"));
  const authSecret = gatewayExisting.AUTH_SECRET || randomBytes(32).toString("hex");
  const secrets: Record<
    string,
    (existing: Record<string, string>) => Promise<Record<string, string>> | Record<string, string>
  > = {
    [repoRoot]: async (existing) => ({
      AUTH_SECRET: authSecret,
      GOOGLE_CLIENT_SECRET: existing.GOOGLE_CLIENT_SECRET ?? "",
      MODME_PASSWORD_HASH: existing.MODME_PASSWORD_HASH || (await hashPassword(LOCAL_MODME_PASSWORD)),
    }),
    [join(repoRoot, "workers/votes")]: () => ({ AUTH_SECRET: authSecret }),
    // A fixed local key for deleted accounts' bans (ADR 017): production sets its own secret.
    [join(repoRoot, "workers/comments")]: (existing) => ({
      AUTH_SECRET: authSecret,
      BAN_IDENTITY_KEY: existing.BAN_IDENTITY_KEY || LOCAL_BAN_IDENTITY_KEY,
    }),
    // `wrangler dev` gives --var to the first config only, so the ingest worker's local values live
    // here; the newswire exemption covers every port because one file serves every local stack.
    [join(repoRoot, "workers/ingest")]: (existing) => ({
      ENVIRONMENT: "development",
      NEWSWIRE_ORIGIN: "http://127.0.0.1:*",
      PEXELS_API_KEY: existing.PEXELS_API_KEY ?? "",
    }),
  };
  for (const [dir, secretsFor] of Object.entries(secrets)) {
    const file = join(dir, ".dev.vars");
    const existing = parse(file);
    const values = { ...existing, ...(await secretsFor(existing)) };
    const body = Object.entries(values)
      .map(([k, v]) => `${k}="${v}"`)
      .join("\n");
    const content = `# Written by npm start for local development only. Never deploy these values.\n${body}\n`;
    // Unchanged files are left alone: wrangler reloads a running dev server when its .dev.vars is written.
    if (!existsSync(file) || readFileSync(file, "utf8") !== content) writeFileSync(file, content);
  }
}
