// The version of @unbiased/web-shared a build bundles or provides: a hash of its source files. The
// reader's Worker renders with its own bundled copy while the browser hydrates with the shell's; a
// fragment names the version it rendered with, and the shell hydrates it only when that is its own
// (docs/decisions/016-fragments.md). Every build that compiles web-shared defines it the same way.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { noticeDefine } from "./notices.ts";

const SOURCE = join(import.meta.dirname, "../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "test" ? [] : sourceFiles(path);
      return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    })
    .sort();
}

/** 12 hex characters of SHA-256 over every source file's path and content, and the build's service notice. */
export function webSharedVersion(): string {
  const hash = createHash("sha256");
  for (const file of sourceFiles(SOURCE)) hash.update(relative(SOURCE, file)).update("\0").update(readFileSync(file));
  hash.update("\0notice\0").update(process.env.SERVICE_NOTICE ?? "");
  return hash.digest("hex").slice(0, 12);
}

/** Vite's `define` entries web-shared reads: its version (version.ts) and its build's notice (serviceNotice.ts). */
export const webSharedVersionDefine = () => ({
  __WEB_SHARED_VERSION__: JSON.stringify(webSharedVersion()),
  ...noticeDefine("SERVICE_NOTICE"),
});
