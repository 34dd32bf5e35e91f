#!/usr/bin/env node
// Builds the web apps, each into the folder its own Worker deploys (docs/decisions/016-fragments.md):
//
//   shell   dist/public/                        the gateway's static files (index.html, assets/…)
//           dist/shell-ssr/render-shell.js      the gateway's renderer of the shell's parts
//   reader  remotes/reader/dist/client/…        the reader Worker's static files under remotes/reader/
//           remotes/reader/dist/server/         its server renderer and the list of its client files
//   modme   remotes/modme/dist/client/…         ModMe's Worker's static files under remotes/modme/
//
// Each remote's folder also gets manifest.json (its current entry and the modules the entry's first
// mount loads, never cached) and _headers
// (hashed files immutable). A remote's previous hashed files stay for RETENTION_DAYS, so a tab opened
// before a deploy can still load the chunks it was built with.
//
// Usage: node scripts/build-web.mjs [shell|reader|modme ...]   (default: all three)
import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { minifySync } from "vite";
// Node 22 runs the TypeScript contract as it is (type stripping): the one table of the reader's pages.
import { READER_PAGES } from "../workers/shared/src/contracts/page.ts";

const ROOT = resolve(import.meta.dirname, "..");
const STAGING_DIR = join(ROOT, "dist/.web-build");
const VITE = join(ROOT, "node_modules/.bin/vite");
/** How long a remote's replaced hashed files stay deployed beside the new ones. */
const RETENTION_DAYS = 7;

const APPS = {
  shell: { dir: "hosts/shell", client: join(ROOT, "dist/public") },
  reader: { dir: "remotes/reader", client: join(ROOT, "remotes/reader/dist/client/remotes/reader") },
  modme: { dir: "remotes/modme", client: join(ROOT, "remotes/modme/dist/client/remotes/modme") },
};
/** Scripts hosts/shell/index.html loads from public/ that must run before the first paint: the build inlines them. */
const INLINED_SCRIPTS = ["theme-init.js", "early-input.js", "start-app.js"];
/** The module a remote exposes at a fixed name (its import-map build): the shell imports it. */
const REMOTE_ENTRY = "entry.js";
/** The import map's modules every remote's first mount imports (preloadImportMapModules). */
const PRELOADED_SHARED = ["react", "@unbiased/web-shared"];
const IMMUTABLE = "Cache-Control: public, max-age=31536000, immutable";
/** `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"` in a built module. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
/** `import … from "react"`: a bare specifier, which the page's import map resolves to the shell's module. */
const BARE_IMPORT = /(?:\bfrom|\bimport)\s*["'`]([^."'`/][^"'`]*)["'`]/g;
/** A stylesheet a built module names for Vite's preload helper: "assets/x.css". */
const CSS_FILE = /["'`](?:\.\/)?(assets\/[^"'`]+\.css)["'`]/g;
/** `import("./x.js")` with a literal path. */
const DYNAMIC_IMPORT = /\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g;

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in APPS));
if (unknown.length > 0) {
  console.error(`Unknown app(s): ${unknown.join(", ")}. Choose from: ${Object.keys(APPS).join(", ")}`);
  process.exit(1);
}
const names = requested.length > 0 ? requested : Object.keys(APPS);

// Build everything first, into a staging folder, so a failed build leaves the deployed folders untouched.
rmSync(STAGING_DIR, { recursive: true, force: true });
for (const name of names) viteBuild(name, APPS[name].dir, join(STAGING_DIR, name)); // one at a time: 2 cores

if (names.includes("shell")) {
  viteBuild("the shell's server renderer", "hosts/shell", join(ROOT, "dist/shell-ssr"), "vite.ssr.config.ts");
  installShell();
}
if (names.includes("reader")) {
  viteBuild(
    "the reader's server renderer",
    "remotes/reader",
    join(ROOT, "remotes/reader/dist/server"),
    "vite.server.config.ts",
  );
  installRemote("reader");
  writeReaderClientAssets();
}
if (names.includes("modme")) installRemote("modme");
rmSync(STAGING_DIR, { recursive: true, force: true });
console.log(`web build done (${names.join(", ")}).`);

/** One `vite build`; its output is shown as it comes, and a failure stops the whole build. */
function viteBuild(label, dir, outDir, config) {
  const started = Date.now();
  const args = ["build", ...(config ? ["-c", config] : []), "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"];
  const result = spawnSync(VITE, args, { cwd: join(ROOT, dir), stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`vite build failed for ${label}`);
    process.exit(result.status ?? 1);
  }
  console.log(`built ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The shell's files replace dist/public, with its head scripts inlined and the static headers. */
function installShell() {
  const target = APPS.shell.client;
  rmSync(target, { recursive: true, force: true });
  cpSync(join(STAGING_DIR, "shell"), target, { recursive: true });
  inlineHeadScripts(target);
  preloadImportMapModules(target);
  writeFileSync(
    join(target, "_headers"),
    [
      "/*",
      "  X-Content-Type-Options: nosniff",
      "  Referrer-Policy: strict-origin-when-cross-origin",
      // Static files never reach the worker, so the app factory's HSTS is repeated here. Browsers
      // ignore it over plain HTTP (RFC 6797 §8.1), so the local stack is unaffected.
      "  Strict-Transport-Security: max-age=31536000; includeSubDomains",
      "",
      "/assets/*",
      `  ${IMMUTABLE}`,
      "",
    ].join("\n"),
  );
}

/**
 * Puts the head's small scripts into index.html itself: theme-init.js must run before the first paint
 * (no flash of the wrong theme), early-input.js must hold taps from the first paint on, and
 * start-app.js decides when the app starts, so as files each would
 * be a render-blocking round trip on every first visit. The gateway gives them the page's CSP nonce
 * (workers/api/src/pages/security.ts). The files stay in public/ for the Vite dev server.
 */
function inlineHeadScripts(target) {
  const indexPath = join(target, "index.html");
  let html = readFileSync(indexPath, "utf8");
  for (const name of INLINED_SCRIPTS) {
    const tag = `<script src="/${name}"></script>`;
    if (!html.includes(tag)) throw new Error(`index.html no longer loads ${tag}`);
    // Minified (Vite's own minifier): every page carries these bytes, and their comments are for us.
    const minified = minifySync(name, readFileSync(join(target, name), "utf8"));
    if (minified.errors.length > 0) throw new Error(`${name} cannot be minified: ${minified.errors[0]?.message}`);
    const script = minified.code.trim();
    if (script.includes("</script")) throw new Error(`${name} cannot be inlined: it contains </script`);
    html = html.replace(tag, () => `<script>${script}</script>`);
  }
  writeFileSync(indexPath, html);
}

/**
 * The modules of the shell's import map every remote's first mount imports (ADR 023): nothing of the
 * shell imports them, so without a preload the browser finds them only when a remote's chunk asks, a
 * round trip later on the way to the page answering taps. Preloaded like the entry's own modules
 * (after the first paint on a composed page, start-app.js). react-dom's is left to the remotes that
 * use it (a portal in a dialog), which `/` does not.
 */
function preloadImportMapModules(target) {
  const indexPath = join(target, "index.html");
  let html = readFileSync(indexPath, "utf8");
  const map = html.match(/<script type="importmap"[^>]*>([\s\S]*?)<\/script>/)?.[1];
  if (!map) throw new Error("index.html has no import map (the shell's federation build emits it)");
  const imports = JSON.parse(map).imports ?? {};
  const hrefs = PRELOADED_SHARED.map((key) => {
    if (!imports[key]) throw new Error(`the import map names no ${key}`);
    return imports[key];
  });
  const missing = [...new Set(hrefs)].filter((href) => !html.includes(`href="${href}"`));
  const links = missing.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join("\n    ");
  if (links) html = html.replace("</head>", `  ${links}\n  </head>`);
  writeFileSync(indexPath, html);
}

/**
 * A remote's new files replace its folder, except that its previous hashed files younger than
 * RETENTION_DAYS stay (a tab opened before the deploy still finds its chunks); then its manifest and
 * static headers.
 */
function installRemote(name) {
  const target = APPS[name].client;
  const staged = join(STAGING_DIR, name);
  const previousAssets = join(target, "assets");
  const keepUntil = Date.now() - RETENTION_DAYS * 24 * 3600_000;
  if (existsSync(previousAssets)) {
    mkdirSync(join(staged, "assets"), { recursive: true });
    for (const file of readdirSync(previousAssets)) {
      const from = join(previousAssets, file);
      const to = join(staged, "assets", file);
      if (!existsSync(to) && statSync(from).mtimeMs > keepUntil) cpSync(from, to, { preserveTimestamps: true });
    }
  }
  rmSync(target, { recursive: true, force: true });
  cpSync(staged, target, { recursive: true, preserveTimestamps: true });
  const entryFile = join(target, REMOTE_ENTRY);
  const hash = createHash("sha256").update(readFileSync(entryFile)).digest("hex").slice(0, 12);
  const base = `/remotes/${name}/`;
  const startup = entryStartupModules(target, REMOTE_ENTRY);
  const manifest = {
    name,
    entry: `${base}${REMOTE_ENTRY}?v=${hash}`,
    modulePreloads: startup.map((file) => base + file),
    sharedImports: sharedImportsOf(target, [REMOTE_ENTRY, ...startup]),
    stylesheets: stylesheetsOf(target, [REMOTE_ENTRY, ...startup]).map((file) => base + file),
  };
  writeFileSync(join(target, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(
    join(target, "../../_headers"),
    [
      `/remotes/${name}/assets/*`,
      `  ${IMMUTABLE}`,
      "  X-Content-Type-Options: nosniff",
      "",
      `/remotes/${name}/${REMOTE_ENTRY}`,
      "  Cache-Control: no-cache",
      "",
      `/remotes/${name}/manifest.json`,
      "  Cache-Control: no-cache",
      "",
    ].join("\n"),
  );
}

/**
 * The files `files` import statically, and theirs in turn, as paths relative to `dir` (the given files
 * included when `withRoots`). A modulepreload fetches one file, never its imports: a chunk's static
 * imports left out of a preload list are found a round trip later.
 */
function staticImportClosure(dir, files, { withRoots }) {
  const found = new Set(withRoots ? files : []);
  const visit = (file) => {
    for (const [, specifier] of readFileSync(join(dir, file), "utf8").matchAll(STATIC_IMPORT)) {
      const target = join(file, "..", specifier).replace(/\\/g, "/");
      if (found.has(target)) continue;
      found.add(target);
      visit(target);
    }
  };
  for (const file of files) visit(file);
  return [...found];
}

/** The stylesheets `files` (a remote's startup modules) name, relative to the remote's folder. */
function stylesheetsOf(dir, files) {
  const sheets = new Set();
  for (const file of files)
    for (const [, path] of readFileSync(join(dir, file), "utf8").matchAll(CSS_FILE)) sheets.add(path);
  return [...sheets].sort();
}

/** The import map's modules (bare specifiers) that `files` import statically, sorted. */
function sharedImportsOf(dir, files) {
  const specifiers = new Set();
  for (const file of files)
    for (const [, specifier] of readFileSync(join(dir, file), "utf8").matchAll(BARE_IMPORT)) specifiers.add(specifier);
  return [...specifiers].sort();
}

/**
 * The modules an entry's start needs, as paths relative to `dir`: what it imports dynamically itself
 * (the entry loads the mount module that way), and everything those and the entry import statically.
 * Dynamic imports further in (lazy routes) are left.
 */
function entryStartupModules(dir, entryFile) {
  const loadedByEntry = [...readFileSync(join(dir, entryFile), "utf8").matchAll(DYNAMIC_IMPORT)].map(([, specifier]) =>
    join(entryFile, "..", specifier).replace(/\\/g, "/"),
  );
  const statics = staticImportClosure(dir, [entryFile], { withRoots: false });
  return [...new Set([...statics, ...staticImportClosure(dir, loadedByEntry, { withRoots: true })])];
}

/**
 * What each server-rendered reader page's first screen needs, for the reader's Worker to name in the
 * fragment's head (remotes/reader/worker/head.ts): the CSS, so the server's markup is styled from the
 * first paint, and the JavaScript as module preloads, fetched in parallel rather than one after another.
 */
function writeReaderClientAssets() {
  const dir = join(APPS.reader.client, "assets");
  const files = readdirSync(dir);
  // The newest of each name: retained files of earlier builds share the prefix.
  const named = (prefix, ext) => {
    const matching = files
      .filter((file) => file.startsWith(`${prefix}-`) && file.endsWith(ext))
      .sort((a, b) => statSync(join(dir, b)).mtimeMs - statSync(join(dir, a)).mtimeMs);
    return matching.slice(0, 1).map((file) => `/remotes/reader/assets/${file}`);
  };
  // The entry and every module its first mount loads (as the manifest lists them), preloaded at once:
  // otherwise the browser finds them one import at a time (entry → its runtime → the shared-import
  // map), a round trip each.
  const { entry, modulePreloads } = JSON.parse(readFileSync(join(APPS.reader.client, "manifest.json"), "utf8"));
  const common = { css: named("App", ".css"), js: [entry, ...modulePreloads] };
  // A page's chunk and the chunks it imports statically (one shared with another page, an icon).
  const base = "/remotes/reader/";
  const page = (prefix) => ({
    css: [...common.css, ...named(prefix, ".css")],
    js: [
      ...new Set([
        ...common.js,
        ...staticImportClosure(
          APPS.reader.client,
          named(prefix, ".js").map((path) => path.slice(base.length)),
          { withRoots: true },
        ).map((file) => base + file),
      ]),
    ],
  });
  // Every page of the reader's table: the first chunk's files, and its own chunk's when it has one.
  const pages = Object.fromEntries(
    Object.entries(READER_PAGES).map(([name, { chunk }]) => {
      if (chunk === null) return [name, common];
      if (named(chunk, ".js").length === 0)
        throw new Error(`the reader's page table names the chunk "${chunk}" (${name}), which the build did not make`);
      return [name, page(chunk)];
    }),
  );
  // The build's name: the gateway keys cached pages on it (the reader's Worker answers it, RPC `build`).
  const assets = { build: randomUUID(), entry, common, pages };
  writeFileSync(join(ROOT, "remotes/reader/dist/server/client-assets.json"), `${JSON.stringify(assets, null, 2)}\n`);
}
