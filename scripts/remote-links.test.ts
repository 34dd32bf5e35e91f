// The deploy check of ADR 023's rule (a remote only imports what the shell's import map provides),
// on a made-up shell and remote, and on the builds of this tree (`npm test` builds before it runs).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./paths.ts";
import { missingLinks, remoteBuild, sharedImportsOf, shellExports, shellFiles } from "./remote-links.ts";

function write(root: string, path: string, text: string) {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe("remote links", () => {
  it("names every import a remote's modules make that the shell does not provide", async () => {
    const root = mkdtempSync(join(tmpdir(), "remote-links-"));
    write(
      root,
      "dist/public/index.html",
      `<head><script type="importmap" nonce="x">{"imports":{"react":"/assets/shared/react.js"}}</script></head>`,
    );
    write(root, "dist/public/assets/shared/react.js", "const a=1,b=2;export{a as useState,b as default};");
    const remote = join(root, "remotes/reader/dist/client/remotes/reader");
    write(remote, "manifest.json", JSON.stringify({ name: "reader", entry: "/remotes/reader/entry.js?v=1" }));
    // The entry loads its chunk the way the bundler writes it: a template literal in import().
    write(remote, "entry.js", 'import React,{useState}from"react";export const load=()=>import(`./assets/page.js`);');
    write(
      remote,
      "assets/page.js",
      'import{useNewThing}from"react";import{Button}from"@unbiased/web-shared";export{useNewThing,Button};',
    );

    const { dir, entryFile } = remoteBuild(root, "reader");
    const wanted = sharedImportsOf(dir, entryFile);
    expect(Object.fromEntries([...wanted].map(([key, names]) => [key, [...names].sort()]))).toEqual({
      react: ["default", "useNewThing", "useState"],
      "@unbiased/web-shared": ["Button"],
    });
    expect(missingLinks(wanted, await shellExports(shellFiles(root)))).toEqual([
      "@unbiased/web-shared (not in the shell's import map)",
      "react: useNewThing",
    ]);
  });

  it("finds both remotes built here linking against the shell built here", async () => {
    const provided = await shellExports(shellFiles(repoRoot));
    expect([...provided.keys()].sort()).toEqual([
      "@unbiased/web-shared",
      "@unbiased/web-shared/admin",
      "react",
      "react-dom",
    ]);
    for (const name of ["reader", "modme"]) {
      const { dir, entryFile } = remoteBuild(repoRoot, name);
      const wanted = sharedImportsOf(dir, entryFile);
      // Each remote does import the shared packages (the check has something to check).
      expect(wanted.get("@unbiased/web-shared")?.size ?? 0).toBeGreaterThan(5);
      expect(missingLinks(wanted, provided)).toEqual([]);
    }
    // ModMe builds deployed before the admin module import its names from web-shared's entry: the
    // shell keeps them there until none is deployed (hosts/shared/src/index.ts).
    const entry = provided.get("@unbiased/web-shared") ?? new Set();
    for (const name of ["ADMIN_SESSION_MS", "adminFetch", "clearAdminSession", "hasAdminSession", "storeAdminSession"])
      expect(entry.has(name), name).toBe(true);
    // Only ModMe uses web-shared's admin module.
    const adminUsers = ["reader", "modme"].filter((name) => {
      const { dir, entryFile } = remoteBuild(repoRoot, name);
      return sharedImportsOf(dir, entryFile).has("@unbiased/web-shared/admin");
    });
    expect(adminUsers).toEqual(["modme"]);
  });
});
