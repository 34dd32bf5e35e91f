#!/usr/bin/env tsx
// The first-paint issue's page figures: Lighthouse mobile on /, an article and a search, the gzipped
// HTML of /, and axe-core on every reader and ModMe page. Part of `npm run bench`; alone:
//
//   npx tsx tests/bench/pages.ts               its own stack (sample corpus, like `npm start`) on
//                                              BENCH_PORT (default 8797), fresh state folder
//   npx tsx tests/bench/pages.ts --base URL    a stack that is already running
//
// Build first: `npm run build:web`.
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { articlePath } from "../../workers/shared/src/contracts/paths.ts";
import { type AxeFigures, IMPACTS, runAxe } from "./axe.ts";
import { type LighthouseFigures, runLighthouse } from "./lighthouse.ts";
import { table } from "./report.ts";
import { benchStateDir } from "./state-dir.ts";

/** The targets, printed under the tables. */
const TARGETS =
  "Targets: performance ≥ 0.95 and LCP < 1.5 s on /; CLS < 0.05 on every page; axe: zero serious or critical; HTML of / under 60 KB gzipped.";

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The first article of the feed: the page a reader most likely opens. */
async function firstArticlePath(base: string): Promise<string> {
  const res = await fetch(`${base}/api/articles?page=1&limit=1`);
  const body = (await res.json()) as { data: { id: string; title: string }[] };
  const first = body.data[0];
  if (!first) throw new Error("the feed is empty: no article page to measure");
  return articlePath(first);
}

export async function htmlGzipBytes(base: string, path = "/"): Promise<{ raw: number; gzip: number }> {
  const body = Buffer.from(await (await fetch(base + path)).arrayBuffer());
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

export function lighthouseTable(results: readonly LighthouseFigures[]): string {
  return table(
    ["page", "performance", "FCP", "LCP", "CLS", "TBT", "bytes", "JS bytes"],
    results.map((r) => [
      `\`${r.path}\``,
      r.performance.toFixed(2),
      seconds(r.fcpMs),
      seconds(r.lcpMs),
      r.cls.toFixed(3),
      `${r.tbtMs.toFixed(0)} ms`,
      kb(r.totalBytes),
      kb(r.scriptBytes),
    ]),
  );
}

export function axeTable(results: readonly AxeFigures[]): string {
  return table(
    ["page", "as", ...IMPACTS, "serious/critical rules"],
    results.map((r) => [
      `\`${r.path}\``,
      r.as,
      ...IMPACTS.map((impact) => r.counts[impact]),
      r.worst.join(", ") || "—",
    ]),
  );
}

/** Everything this file measures, printed as markdown as each part is done. */
export async function printPageFigures(base: string, print: (text: string) => void = console.log): Promise<void> {
  const article = await firstArticlePath(base);
  const html = await htmlGzipBytes(base, "/");
  const lighthouse = await runLighthouse(base, ["/", article, "/search?q=market"]);
  print("### Lighthouse 12, mobile (simulated slow 4G, 4× CPU), Debian Chromium\n");
  print(lighthouseTable(lighthouse));
  print(`\nHTML of /: ${kb(html.raw)} raw, ${kb(html.gzip)} gzipped (gzip -9).`);
  const axe = await runAxe(base, {
    visitor: ["/", "/category/tech", article, "/search?q=market", "/login", "/privacy", "/terms", "/no-such-page"],
    user: ["/profile"],
    admin: ["/modme", "/modme/login", "/modme/comments", "/modme/queues"],
  });
  print("\n### axe-core violations (nodes) by impact\n");
  print(axeTable(axe));
  print(`\n${TARGETS}`);
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--base")) {
    await printPageFigures((args[args.indexOf("--base") + 1] ?? "").replace(/\/$/, ""));
    return;
  }
  const { prepareStack, startStack } = await import("../../scripts/stack.ts");
  const { dir: persistTo } = benchStateDir("unbiased-pages-");
  try {
    await prepareStack({ persistTo, log: () => {} });
    const stack = await startStack({ port: Number(process.env.BENCH_PORT ?? 8797), persistTo, requestLogs: false });
    try {
      await printPageFigures(stack.url);
    } finally {
      await stack.stop();
    }
  } finally {
    rmSync(persistTo, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
