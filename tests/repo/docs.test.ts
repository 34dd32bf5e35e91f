// The repository stands alone: the product's rules are in docs/product.md, and what the code cites
// ("spec §N"), what the docs link to and what comments name are all inside the repository.
import { existsSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { isSource, readRepoFile, repoRoot, trackedFiles } from "./tracked-files.ts";

const files = trackedFiles();
const docs = files.filter((path) => path === "README.md" || (path.startsWith("docs/") && path.endsWith(".md")));

describe("spec citations", () => {
  const headings = new Set(
    [...readRepoFile("docs/product.md").matchAll(/^## (\d+)\. /gm)].map(([, section]) => Number(section)),
  );

  it("docs/product.md has the nine numbered sections the code cites", () => {
    expect([...headings].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("every 'spec §N' in the code and docs names a section of docs/product.md", () => {
    const citations: string[] = [];
    const unresolved: string[] = [];
    for (const path of files.filter(isSource)) {
      for (const match of readRepoFile(path).matchAll(/\bspec(?:'s)?\s+((?:§\s?\d+[/, ]*)+)/gi)) {
        for (const [, section] of (match[1] ?? "").matchAll(/§\s?(\d+)/g)) {
          citations.push(`${path}: §${section}`);
          if (!headings.has(Number(section))) unresolved.push(`${path}: §${section}`);
        }
      }
    }
    expect(citations.length).toBeGreaterThan(100);
    expect(unresolved).toEqual([]);
  });
});

describe("links and paths", () => {
  it("no README or docs link leaves the repository or points at a missing file", () => {
    const broken: string[] = [];
    for (const path of docs) {
      for (const [, target = ""] of readRepoFile(path).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        const resolved = normalize(join(dirname(path), target.split("#")[0] ?? ""));
        if (resolved.startsWith("..") || !existsSync(join(repoRoot, resolved))) broken.push(`${path} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("nothing in the code or docs points outside the repository (../shared)", () => {
    const outside = files
      .filter(isSource)
      .filter((path) => /\.\.\/shared\/(spec|design|eval|stack-notes)/.test(readRepoFile(path)));
    expect(outside).toEqual([]);
  });

  it("every repository path a comment names exists", () => {
    const roots = "(?:workers|hosts|remotes|scripts|tests|docs|migrations)";
    const pathInComment = new RegExp(
      `(?<![\\w./@-])(${roots}/[\\w./-]+\\.(?:tsx|ts|mjs|js|md|toml|css|sql|json))(?![\\w.])`,
      "g",
    );
    const missing: string[] = [];
    for (const path of files.filter((p) => /\.(ts|tsx|mjs|js|css)$/.test(p) && isSource(p))) {
      for (const line of readRepoFile(path).split("\n")) {
        const comment = /(?:\/\/|\/\*|^\s*\*)(.*)$/.exec(line)?.[1];
        if (!comment) continue;
        for (const [, named = ""] of comment.matchAll(pathInComment)) {
          if (!existsSync(join(repoRoot, named))) missing.push(`${path} names ${named}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("decision records", () => {
  const records = files.filter((path) => /^docs\/decisions\/\d{3}-.+\.md$/.test(path));
  const index = readRepoFile("docs/decisions/README.md");

  it.each(records)("%s has its Status and Date lines and is in the index", (path) => {
    const text = readRepoFile(path);
    expect(text).toMatch(/^Status: (Proposed|Accepted|Superseded by \d{3}|Amended by \d{3}(, \d{3})*)/m);
    expect(text).toMatch(/^Date: \d{4}-\d{2}-\d{2}/m);
    expect(index).toContain(`(${relative("docs/decisions", path)})`);
  });
});
