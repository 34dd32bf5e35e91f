#!/usr/bin/env node
// Builds the web apps and assembles dist/public, the folder the gateway serves as static assets:
//
//   dist/public/index.html, assets/…          the shell
//   dist/public/remotes/<name>/remoteEntry.js  each remote (its Vite `base` is /remotes/<name>/)
//   dist/public/mf-remotes.json                remote entry URLs with ?v=<content hash>
//   dist/public/_headers                       CSP, security headers and caching
//
// Usage: node scripts/build-web.mjs [shell|reader|modme ...]   (default: all three)
// Building only a remote replaces only its folder and rewrites the manifest: that is how a
// remote is redeployed without touching the shell's files.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const PUBLIC_DIR = join(ROOT, "dist/public");
const STAGING_DIR = join(ROOT, "dist/.web-build");
const VITE = join(ROOT, "node_modules/.bin/vite");

const APPS = {
  shell: { dir: "hosts/shell", target: PUBLIC_DIR },
  reader: { dir: "remotes/reader", target: join(PUBLIC_DIR, "remotes/reader") },
  modme: { dir: "remotes/modme", target: join(PUBLIC_DIR, "remotes/modme") },
};
const REMOTE_NAMES = ["reader", "modme"];
/** Scripts hosts/shell/index.html loads from public/ that must run before the first paint: the build inlines them. */
const INLINED_SCRIPTS = ["theme-init.js", "start-app.js"];

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in APPS));
if (unknown.length > 0) {
  console.error(`Unknown app(s): ${unknown.join(", ")}. Choose from: ${Object.keys(APPS).join(", ")}`);
  process.exit(1);
}
const names = requested.length > 0 ? requested : Object.keys(APPS);

// Build everything first, into a staging folder, so a failed build leaves dist/public untouched.
rmSync(STAGING_DIR, { recursive: true, force: true });
for (const name of names) buildApp(name); // one at a time: these machines have 2 cores

mkdirSync(PUBLIC_DIR, { recursive: true });
for (const name of names) install(name);
rmSync(STAGING_DIR, { recursive: true, force: true });

if (names.includes("shell")) inlineHeadScripts();
writeRemoteManifest();
writeFirstHtmlAssets();
writeFileSync(join(PUBLIC_DIR, "_headers"), headersFile());
buildFirstHtmlRenderer();
console.log(`dist/public assembled (${names.join(", ")} built).`);

function buildApp(name) {
  const started = Date.now();
  const result = viteBuild(name);
  if (result.status !== 0) {
    console.error(`vite build failed for ${name}`);
    process.exit(result.status ?? 1);
  }
  console.log(`built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** One `vite build` of an app, its output shown as it comes. */
function viteBuild(name) {
  return spawnSync(VITE, ["build", "--outDir", join(STAGING_DIR, name), "--emptyOutDir", "--logLevel", "warn"], {
    cwd: join(ROOT, APPS[name].dir),
    stdio: "inherit",
  });
}

/**
 * The gateway's first-HTML renderer (hosts/shell/ssr, docs/decisions/013-first-html.md): it bundles
 * the shell's and the reader's components, so it is rebuilt whenever either may have changed.
 */
function buildFirstHtmlRenderer() {
  const started = Date.now();
  const result = spawnSync(
    VITE,
    ["build", "-c", "vite.ssr.config.ts", "--outDir", join(ROOT, "dist/ssr"), "--emptyOutDir", "--logLevel", "warn"],
    { cwd: join(ROOT, "hosts/shell"), stdio: "inherit" },
  );
  if (result.status !== 0) {
    console.error("vite build failed for the first-HTML renderer");
    process.exit(result.status ?? 1);
  }
  console.log(`built the first-HTML renderer in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Replaces the app's files in dist/public. The shell's folder is the root, minus the remotes. */
function install(name) {
  const { target } = APPS[name];
  if (name === "shell") {
    for (const entry of existsSync(target) ? readdirSync(target) : []) {
      if (entry !== "remotes") rmSync(join(target, entry), { recursive: true, force: true });
    }
  } else {
    rmSync(target, { recursive: true, force: true });
  }
  cpSync(join(STAGING_DIR, name), target, { recursive: true });
}

/**
 * What the first screen of each server-rendered page needs from the reader remote, for the gateway
 * to link in the HTML's head (docs/decisions/013-first-html.md): its CSS (so the server's markup is
 * styled from the first paint, instead of when the remote injects it) and its JavaScript as module
 * preloads (the remote entry and the page's chunks fetched in parallel, not one after another).
 */
function writeFirstHtmlAssets() {
  const dir = join(APPS.reader.target, "assets");
  if (!existsSync(dir)) return;
  const files = readdirSync(dir);
  const named = (prefix, ext) =>
    files
      .filter((file) => file.startsWith(`${prefix}-`) && file.endsWith(ext))
      .map((file) => `/remotes/reader/assets/${file}`);
  const manifest = JSON.parse(readFileSync(join(PUBLIC_DIR, "mf-remotes.json"), "utf8"));
  const entry = manifest.find((remote) => remote.name === "reader")?.entry;
  const common = { css: named("App", ".css"), js: [...(entry ? [entry] : []), ...named("App", ".js")] };
  const page = (prefix) => ({
    css: [...common.css, ...named(prefix, ".css")],
    js: [...common.js, ...named(prefix, ".js")],
  });
  const assets = { feed: common, article: page("ArticleRoute"), search: page("SearchPage") };
  writeFileSync(join(PUBLIC_DIR, "first-html-assets.json"), `${JSON.stringify(assets, null, 2)}\n`);
}

/** The shell reads this at start; the hash makes a redeployed remote a new URL. */
function writeRemoteManifest() {
  const manifest = REMOTE_NAMES.filter((name) => existsSync(join(APPS[name].target, "remoteEntry.js"))).map((name) => {
    const entryFile = join(APPS[name].target, "remoteEntry.js");
    const hash = createHash("sha256").update(readFileSync(entryFile)).digest("hex").slice(0, 12);
    return { name, entry: `/remotes/${name}/remoteEntry.js?v=${hash}` };
  });
  const missing = REMOTE_NAMES.filter((name) => !manifest.some((entry) => entry.name === name));
  if (missing.length > 0) console.warn(`warning: no build of ${missing.join(", ")} in dist/public yet`);
  writeFileSync(join(PUBLIC_DIR, "mf-remotes.json"), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Puts the head's small scripts (INLINED_SCRIPTS) into index.html itself: theme-init.js must run
 * before the first paint (no flash of the wrong theme) and start-app.js decides when the app starts,
 * so as files each would be a render-blocking round trip on every first visit. The CSP allows
 * exactly these scripts by their hashes (headersFile), so script-src stays without
 * 'unsafe-inline'. The files stay in public/ for the Vite dev server.
 */
function inlineHeadScripts() {
  const indexPath = join(PUBLIC_DIR, "index.html");
  let html = readFileSync(indexPath, "utf8");
  for (const name of INLINED_SCRIPTS) {
    const tag = `<script src="/${name}"></script>`;
    if (!html.includes(tag)) throw new Error(`index.html no longer loads ${tag}`);
    const script = readFileSync(join(PUBLIC_DIR, name), "utf8");
    if (script.includes("</script")) throw new Error(`${name} cannot be inlined: it contains </script`);
    html = html.replace(tag, () => `<script>${script}</script>`);
  }
  writeFileSync(indexPath, html);
}

/** CSP source expressions for every inline script of index.html that runs (JSON data blocks do not). */
function inlineScriptHashes() {
  const indexPath = join(PUBLIC_DIR, "index.html");
  if (!existsSync(indexPath)) return [];
  const html = readFileSync(indexPath, "utf8");
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`,
  );
}

/**
 * Cloudflare static-asset headers. Hashed files are immutable; the manifest and remote entries
 * must be revalidated so a redeploy shows up on the next load. The API may live on other
 * origins (VITE_*_BASE), which connect-src must then allow.
 */
function headersFile() {
  const apiOrigins = ["VITE_API_BASE", "VITE_VOTES_BASE", "VITE_COMMENTS_BASE"]
    .map((key) => process.env[key])
    .filter(Boolean)
    .map((base) => new URL(base).origin);
  const connectSrc = ["'self'", ...new Set(apiOrigins)].join(" ");
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes()].join(" "), // the head scripts inlined in index.html
    "style-src 'self' 'unsafe-inline'", // react-hot-toast injects its styles at run time
    "img-src 'self' https: data:", // article images come from the publishers' sites
    `connect-src ${connectSrc}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  const immutable = "Cache-Control: public, max-age=31536000, immutable";
  const revalidate = "Cache-Control: no-cache";
  return [
    "/*",
    `  Content-Security-Policy: ${csp}`,
    "  X-Content-Type-Options: nosniff",
    "  Referrer-Policy: strict-origin-when-cross-origin",
    // Static files never reach the worker, so the app factory's HSTS is repeated here. Browsers
    // ignore it over plain HTTP (RFC 6797 §8.1), so the local stack is unaffected.
    "  Strict-Transport-Security: max-age=31536000; includeSubDomains",
    "",
    "/assets/*",
    `  ${immutable}`,
    "",
    "/remotes/:name/assets/*",
    `  ${immutable}`,
    "",
    "/mf-remotes.json",
    `  ${revalidate}`,
    "",
    "/remotes/:name/remoteEntry.js",
    `  ${revalidate}`,
    "",
  ].join("\n");
}
