// Production code only in what the web build ships (`npm run build:web`, which `npm test` runs before
// this): the browser's files of the shell and both remotes, and the two server renderers. React and
// react-router each keep warnings and checks that only a development build runs; react-router's
// package exports only its development build, which hosts/shared/federation/reactRouterProduction.ts
// replaces in every build.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./paths.ts";

/** Where each build writes its JavaScript. */
const BUILT = [
  "dist/public/assets",
  "dist/shell-ssr",
  "remotes/reader/dist/client",
  "remotes/reader/dist/server",
  "remotes/modme/dist/client",
];

/** Texts only the development builds keep (each in a branch the production build drops). */
const DEVELOPMENT_ONLY = [
  // react-router's useRoutes, under ENABLE_DEV_WARNINGS.
  "No routes matched location",
  "You rendered descendant <Routes>",
  // React's key warning (react/jsx-dev-runtime and react-dom's development build).
  'should have a unique "key" prop',
];

/** One of react-router's invariants, kept in both builds: a file with it carries react-router. */
const REACT_ROUTER_PRESENT = "may be used only in the context of a <Router> component";

function scriptsUnder(dir: string): string[] {
  if (!existsSync(dir)) throw new Error(`${relative(repoRoot, dir)} is missing: run \`npm run build:web\` first`);
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return scriptsUnder(path);
    return /\.m?js$/.test(name) ? [path] : [];
  });
}

const scripts = () => BUILT.flatMap((dir) => scriptsUnder(join(repoRoot, dir)));

describe("the built web bundles", () => {
  it("carry react-router in the shell's browser files and in both server renderers", () => {
    const withRouter = scripts()
      .filter((path) => readFileSync(path, "utf8").includes(REACT_ROUTER_PRESENT))
      .map((path) => relative(repoRoot, path));
    expect(withRouter.some((path) => path.startsWith("dist/public/assets/"))).toBe(true);
    expect(withRouter).toContain("dist/shell-ssr/render-shell.js");
    expect(withRouter).toContain("remotes/reader/dist/server/render.js");
  });

  it("keep none of React's or react-router's development-only code", () => {
    const found = scripts().flatMap((path) => {
      const code = readFileSync(path, "utf8");
      return DEVELOPMENT_ONLY.filter((text) => code.includes(text)).map(
        (text) => `${relative(repoRoot, path)}: ${text}`,
      );
    });
    expect(found).toEqual([]);
  });
});

describe("the reader's page preloads (what a page's first HTML names, remotes/reader/worker/head.ts)", () => {
  const clientDir = join(repoRoot, "remotes/reader/dist/client");
  const assets = JSON.parse(readFileSync(join(repoRoot, "remotes/reader/dist/server/client-assets.json"), "utf8")) as {
    pages: Record<string, { js: string[] }>;
  };
  /** The relative modules a built chunk imports statically (`import{…}from"./x.js"`, `import"./x.js"`). */
  const staticImports = (path: string) =>
    [
      ...readFileSync(join(clientDir, path.split("?")[0]!), "utf8").matchAll(
        /(?:\bfrom|\bimport)\s*"(\.\.?\/[^"]+\.js)"/g,
      ),
    ].map(([, specifier]) => new URL(specifier!, `https://x${path}`).pathname);

  it("name every chunk a named chunk imports statically, so none is found a round trip late", () => {
    const missing = Object.entries(assets.pages).flatMap(([page, { js }]) => {
      const listed = new Set(js.map((path) => path.split("?")[0]));
      return js.flatMap((path) =>
        staticImports(path)
          .filter((target) => !listed.has(target))
          .map((t) => `${page}: ${t}`),
      );
    });
    expect(missing).toEqual([]);
    // The check has something to check: a page whose chunk shares a chunk with another page.
    expect(assets.pages.search?.js.some((path) => /\/searchQuery-/.test(path))).toBe(true);
  });
});
