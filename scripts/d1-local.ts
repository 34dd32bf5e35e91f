// Runs SQL against the LOCAL D1 of the root wrangler.toml through `wrangler d1 execute --local`.
// A `--file` run is all-or-nothing: on the first failing statement wrangler exits non-zero and
// none of the file's statements are kept (measured with wrangler 4.86 with a duplicate key in the
// middle of a file).

import { spawnSync } from "node:child_process";
import { stripVTControlCharacters } from "node:util";
import { repoRoot } from "./paths.ts";

export interface LocalD1Options {
  /** State folder (wrangler's --persist-to); the root .wrangler/state when absent. */
  persistTo?: string;
}

function wranglerD1(args: string[], options: LocalD1Options): string {
  const persist = options.persistTo ? ["--persist-to", options.persistTo] : [];
  const result = spawnSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--config", "wrangler.toml", ...persist, ...args],
    {
      cwd: repoRoot,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.status !== 0) {
    // wrangler colours its output even into a pipe; the colour codes would split "[ERROR]".
    const output = stripVTControlCharacters(`${result.stderr}\n${result.stdout}`);
    const reason = output.match(/\[ERROR\].*$/m)?.[0] ?? output.trim();
    throw new Error(`wrangler d1 execute failed (exit ${result.status}): ${reason}`);
  }
  return result.stdout;
}

/** Runs every statement of the file as one unit. */
export function executeSqlFile(file: string, options: LocalD1Options = {}): void {
  wranglerD1(["--file", file], options);
}

/** Rows of one read-only query. */
export function queryRows<Row>(sql: string, options: LocalD1Options = {}): Row[] {
  const output = wranglerD1(["--command", sql, "--json"], options);
  const [first] = JSON.parse(output) as { results: Row[] }[];
  return first?.results ?? [];
}
