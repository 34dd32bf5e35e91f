#!/usr/bin/env tsx
// The JavaScript a page fetches before it answers taps, the first HTML's inline scripts included (at
// most 110 KB gzipped on `/`, 120 KB on an article: ADR 023), measured in Chromium: every script
// response that ended before the page's `data-app-ready` mark
// (every React root hydrated), and apart from it what loads after (idle preloads, on-demand parts).
// `measureScripts` is shared with `npm run bench` (tests/bench/run.ts), so the two print the same table.
//
//   npx tsx tests/bench/js-budget.ts            static server over dist/public (no workers; the
//                                               API answers 503, which renders the feed's error
//                                               panel — same chunks as a loaded feed)
//   npx tsx tests/bench/js-budget.ts --stack    the real local stack (wrangler, sample corpus)
//   options: --path /news   --article (with --stack: the feed's first article's page)   --json
//
// Build first: `npm run build:web`.
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { repoRoot } from "../../scripts/paths.ts";
import { APP_READY } from "../../workers/shared/src/contracts/page.ts";
import { articlePath, outletPath } from "../../workers/shared/src/contracts/paths.ts";
import { launchChromium } from "../e2e/chromium.ts";
import { benchStateDir } from "./state-dir.ts";

export const JS_BUDGET_GZIP_BYTES = 110 * 1024;
/** An article's page also loads its own chunk before it answers (docs/decisions/023-import-map-federation.md). */
export const ARTICLE_BUDGET_GZIP_BYTES = 120 * 1024;

const budgetOf = (path: string) => (path.startsWith("/article/") ? ARTICLE_BUDGET_GZIP_BYTES : JS_BUDGET_GZIP_BYTES);

export interface ScriptChunk {
  /** Path of the script on the origin, e.g. /remotes/reader/assets/App-x.js */
  url: string;
  bytes: number;
  /** gzip -9 of the body as served. */
  gzip: number;
}

export interface ScriptMeasurement {
  path: string;
  /** The scripts that arrived before the app was ready. */
  chunks: ScriptChunk[];
  totalBytes: number;
  totalGzip: number;
  /** The first HTML's inline scripts (JavaScript and the import map, not JSON data), gzipped together. */
  inline: { scripts: number; bytes: number; gzip: number };
  modmeFiles: number;
  /** What arrived after the app was ready, until the network was idle (not part of the budget). */
  afterReady: { files: number; gzip: number };
}

/**
 * Loads `base + path` in a fresh Chromium page and records every script response (largest first),
 * split at the moment the app is ready.
 */
export async function measureScripts(base: string, path = "/"): Promise<ScriptMeasurement> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const pending: Promise<void>[] = [];
    const responses: ScriptChunk[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() !== "script") return;
      pending.push(
        res
          .body()
          .then((body) => {
            responses.push({
              url: res.url(),
              bytes: body.length,
              gzip: gzipSync(body, { level: 9 }).length,
            });
          })
          .catch(() => {}),
      );
    });
    const answer = await page.goto(base + path);
    const inline = inlineScripts((await answer?.text()) ?? "");
    await page
      .waitForFunction((name) => document.documentElement.hasAttribute(name), APP_READY, {
        timeout: 30_000,
      })
      .catch(() => {
        throw new Error(`${path} never became ready (no ${APP_READY} on <html> within 30 s)`);
      });
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    // Split by the page's own clock: a response counts when it ended before the ready mark. (Telling
    // them apart as they came in, by when this process heard of the mark, counted the toaster that
    // then loaded once the page was ready and idle, whenever it arrived before the next poll.)
    const timing = await page.evaluate((name) => {
      const readyAt = performance.getEntriesByName(name, "mark")[0]?.startTime ?? Number.POSITIVE_INFINITY;
      const ended: Record<string, number> = {};
      for (const entry of performance.getEntriesByType("resource") as PerformanceResourceTiming[]) {
        ended[entry.name] = Math.min(ended[entry.name] ?? Number.POSITIVE_INFINITY, entry.responseEnd);
      }
      return { readyAt, ended };
    }, APP_READY);
    // A script the timeline does not list counts against the budget: never in doubt in its favour.
    const beforeReady = (chunk: ScriptChunk) => (timing.ended[chunk.url] ?? 0) <= timing.readyAt;
    const onOrigin = (chunk: ScriptChunk): ScriptChunk => ({ ...chunk, url: new URL(chunk.url).pathname });
    const chunks = responses.filter(beforeReady).map(onOrigin);
    const later = responses.filter((chunk) => !beforeReady(chunk)).map(onOrigin);
    chunks.sort((a, b) => b.gzip - a.gzip || a.url.localeCompare(b.url));
    return {
      path,
      chunks,
      inline,
      afterReady: { files: later.length, gzip: later.reduce((s, c) => s + c.gzip, 0) },
      totalBytes: chunks.reduce((s, c) => s + c.bytes, 0) + inline.bytes,
      totalGzip: chunks.reduce((s, c) => s + c.gzip, 0) + inline.gzip,
      modmeFiles: chunks.filter((c) => c.url.includes("/remotes/modme/")).length,
    };
  } finally {
    await browser.close();
  }
}

/** A script element without `src`: its attributes and its text. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/** The HTML's inline scripts that run or steer code: every one but data (`type="application/json"`). */
function inlineScripts(html: string): ScriptMeasurement["inline"] {
  const texts = [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes]) => !/\btype=["']?application\/(?:ld\+)?json/i.test(attributes ?? ""))
    .map(([, , text]) => text ?? "");
  const joined = Buffer.from(texts.join("\n"));
  return {
    scripts: texts.length,
    bytes: joined.length,
    gzip: texts.length ? gzipSync(joined, { level: 9 }).length : 0,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Markdown table: one row per script, then the total. Long Module Federation names are shortened. */
export function scriptTable(m: ScriptMeasurement): string {
  const rows = [
    ...m.chunks.map((c) => [shortName(c.url), kb(c.bytes), kb(c.gzip)]),
    [`inline scripts of the first HTML (${m.inline.scripts}, gzipped together)`, kb(m.inline.bytes), kb(m.inline.gzip)],
    [`**total** (${m.chunks.length} files and the inline scripts)`, kb(m.totalBytes), `**${kb(m.totalGzip)}**`],
  ];
  return ["| chunk | raw KB | gzip KB |", "|---|---|---|", ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}

export function shortName(url: string): string {
  return url
    .replace(/_virtual_mf___mfe_internal__(\w+?)__mf_owner__\d+__/, "mf:$1:")
    .replace(/_mf_2_/g, "-")
    .replace(/_mf_1_/g, "/");
}

export function budgetLine(m: ScriptMeasurement): string {
  const budget = budgetOf(m.path);
  const verdict = m.totalGzip <= budget ? "within" : "OVER";
  return `JavaScript before ${m.path} answers taps: ${kb(m.totalGzip)} KB gzipped in ${m.chunks.length} files and ${m.inline.scripts} inline scripts — ${verdict} the ${kb(budget)} KB budget. After it (idle preloads, until the network is quiet): ${kb(m.afterReady.gzip)} KB in ${m.afterReady.files} files. ModMe files fetched before ready: ${m.modmeFiles}.`;
}

const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};

/**
 * A static server over dist/public like the gateway's assets: files as they are, index.html for
 * paths without an extension, a 404 for missing files, a 503 for /api/*.
 */
export async function startStaticServer(
  root = join(repoRoot, "dist/public"),
): Promise<{ url: string; server: Server }> {
  if (!existsSync(join(root, "index.html")))
    throw new Error(`${root} has no index.html: run \`npm run build:web\` first.`);
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    if (pathname.startsWith("/api/")) {
      res
        .writeHead(503, { "content-type": "application/json" })
        .end(JSON.stringify({ error: "no API in the static benchmark server" }));
      return;
    }
    let file = join(root, normalize(pathname));
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    if (!(existsSync(file) && statSync(file).isFile())) {
      if (extname(pathname) !== "") return void res.writeHead(404).end();
      file = join(root, "index.html");
    }
    res
      .writeHead(200, {
        "content-type": MIME[extname(file)] ?? "application/octet-stream",
        "cache-control": "no-cache",
      })
      .end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The path of the feed's first article's page on the stack at `base` (also the page benchmark's article). */
export async function firstArticlePath(base: string): Promise<string> {
  const res = await fetch(`${base}/api/articles?page=1&limit=1`);
  const body = (await res.json()) as { data: { id: string; title: string }[] };
  const first = body.data[0];
  if (!first) throw new Error("the feed is empty: no article page to measure");
  return articlePath(first);
}

/** The page of the feed's first article's outlet (/source/{domain}). */
export async function firstOutletPath(base: string): Promise<string> {
  const res = await fetch(`${base}/api/articles?page=1&limit=1`);
  const body = (await res.json()) as { data: { domain: string }[] };
  const first = body.data[0];
  if (!first) throw new Error("the feed is empty: no outlet page to measure");
  return outletPath(first.domain);
}

async function main() {
  const args = process.argv.slice(2);
  const path = args.includes("--path") ? args[args.indexOf("--path") + 1]! : "/";
  let measurement: ScriptMeasurement;
  if (args.includes("--stack")) {
    const { prepareStack, startStack } = await import("../../scripts/stack.ts");
    const { dir: persistTo } = benchStateDir("unbiased-js-budget-");
    try {
      await prepareStack({ persistTo, log: () => {} });
      const stack = await startStack({ port: Number(process.env.BENCH_PORT ?? 8797), persistTo });
      try {
        measurement = await measureScripts(
          stack.url,
          args.includes("--article") ? await firstArticlePath(stack.url) : path,
        );
      } finally {
        await stack.stop();
      }
    } finally {
      rmSync(persistTo, { recursive: true, force: true });
    }
  } else {
    const { url, server } = await startStaticServer();
    try {
      measurement = await measureScripts(url, path);
    } finally {
      server.close();
    }
  }
  if (args.includes("--json")) console.log(JSON.stringify(measurement, null, 2));
  else console.log(`${scriptTable(measurement)}\n\n${budgetLine(measurement)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
