// The repository's own files (what git tracks, plus new files not yet added), read as text.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const repoRoot = join(import.meta.dirname, "../..");

export function trackedFiles(): string[] {
  const output = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  // A file deleted in the working tree but not yet in a commit is no longer the repository's.
  return [...new Set(output.split("\n").filter(Boolean))].filter((path) => existsSync(join(repoRoot, path))).sort();
}

export const readRepoFile = (path: string) => readFileSync(join(repoRoot, path), "utf8");

/** Source files whose comments and strings cite the product spec (not data, not generated files). */
export const isSource = (path: string) =>
  /\.(ts|tsx|mjs|js|css|toml|sql|md)$/.test(path) &&
  !path.includes("sample-corpus/") &&
  !path.includes("/fixtures/") &&
  !path.endsWith("worker-configuration.d.ts") &&
  !path.startsWith("migrations/meta/");
