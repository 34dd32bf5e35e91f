#!/usr/bin/env tsx
// The page figures: Lighthouse mobile on /, an article, a search and ModMe's sign-in (median and
// worst of 3, idle and under the feed load; ModMe's sign-in and dashboard also as signed-in staff), the time from first paint to the app answering a tap,
// the JavaScript before / answers, the gzipped HTML of /, and axe-core on every reader and ModMe page.
// Part of `npm run bench`; alone:
//
//   npx tsx tests/bench/pages.ts               its own stack (sample corpus, like `npm start`) on
//                                              BENCH_PORT (default 8797), fresh state folder
//   npx tsx tests/bench/pages.ts --base URL    a stack that is already running
//
// Build first: `npm run build:web`.
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { type AxeFigures, giveSampleUserAnInboxEntry, IMPACTS, runAxe } from "./axe.ts";
import { budgetLine, firstArticlePath, firstOutletPath, measureScripts, scriptTable } from "./js-budget.ts";
import { type LighthouseFigures, runLighthouse } from "./lighthouse.ts";
import { percentile, table } from "./report.ts";
import { devSignIn, modmeGateToken } from "./sign-in.ts";
import { benchStateDir } from "./state-dir.ts";
import { measureTapLatency, TAP_LATENCY_HEADING, tapLatencyTable } from "./tap-latency.ts";

/** The issue's targets, printed under the tables. */
const TARGETS =
  "Targets, in every idle run: /, an article and a search performance ≥ 0.95, TBT < 200 ms, interactive − first paint < 750 ms; on / LCP < 1.5 s, CLS < 0.05, paint → ready < 750 ms; ModMe's gate and dashboard as staff performance ≥ 0.95, LCP < 1.5 s; JavaScript before / answers ≤ 110 KB gzipped (an article ≤ 120); axe: zero serious or critical; HTML of / under 60 KB gzipped.";

/** Lighthouse's runs of each page (3: the median and the worst are printed). */
const LIGHTHOUSE_RUNS = 3;
/** The feed load beside the "under load" runs: run.ts's first table, on the same cores. */
const FEED_LOAD = { path: "/api/articles?page=1&limit=20&sort=date&period=7d", connections: 32 };

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The first article of the feed: the page a reader most likely opens. */
export async function htmlGzipBytes(base: string, path = "/"): Promise<{ raw: number; gzip: number }> {
  const body = Buffer.from(await (await fetch(base + path)).arrayBuffer());
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

/** The median and, in brackets, the worst of one figure over the runs (worst: lowest score, else highest). */
function medianAndWorst(values: number[], format: (value: number) => string, higherIsBetter = false): string {
  const worst = higherIsBetter ? Math.min(...values) : Math.max(...values);
  return `${format(percentile(values, 50))} (${format(worst)})`;
}

/** One row per page over every run: median (worst) of each figure, and interactive − first paint. */
export function lighthouseTable(runs: readonly LighthouseFigures[][]): string {
  const paths = runs[0]?.map((r) => r.path) ?? [];
  return table(
    ["page", "performance", "FCP", "LCP", "TBT", "CLS", "interactive", "interactive − FCP", "JS bytes"],
    paths.map((path) => {
      const of = (pick: (r: LighthouseFigures) => number) =>
        runs.map((run) => run.find((r) => r.path === path)).flatMap((r) => (r ? [pick(r)] : []));
      return [
        `\`${path}\``,
        medianAndWorst(
          of((r) => r.performance),
          (v) => v.toFixed(2),
          true,
        ),
        medianAndWorst(
          of((r) => r.fcpMs),
          seconds,
        ),
        medianAndWorst(
          of((r) => r.lcpMs),
          seconds,
        ),
        medianAndWorst(
          of((r) => r.tbtMs),
          (v) => `${v.toFixed(0)} ms`,
        ),
        medianAndWorst(
          of((r) => r.cls),
          (v) => v.toFixed(3),
        ),
        medianAndWorst(
          of((r) => r.interactiveMs),
          seconds,
        ),
        medianAndWorst(
          of((r) => r.interactiveMs - r.fcpMs),
          (v) => `${v.toFixed(0)} ms`,
        ),
        kb(
          percentile(
            of((r) => r.scriptBytes),
            50,
          ),
        ),
      ];
    }),
  );
}

/** CLS above which a run's moved elements are printed under its table: what moved, for whoever looks next. */
const SHIFT_WORTH_NAMING = 0.05;

/** One line per run whose layout shifted noticeably: the page, the run, and the elements that moved most. */
function shiftLines(runs: readonly LighthouseFigures[][]): string {
  return runs
    .flatMap((run, i) =>
      run
        .filter((r) => r.cls > SHIFT_WORTH_NAMING)
        .map(
          (r) =>
            `- \`${r.path}\`, run ${i + 1}: CLS ${r.cls.toFixed(3)}, moved: ${r.shifts
              .slice(0, 3)
              .map((s) => `${s.score.toFixed(3)} \`${s.element.slice(0, 100)}\``)
              .join("; ")}`,
        ),
    )
    .join("\n");
}

async function lighthouseRuns(
  base: string,
  paths: readonly string[],
  storage?: Record<string, string>,
): Promise<LighthouseFigures[][]> {
  const runs: LighthouseFigures[][] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await runLighthouse(base, paths, storage));
  return runs;
}

/**
 * A staff member's localStorage as the app keeps it: signed in, and (`gate`) through ModMe's password
 * gate. The gate page is measured before the gate (with a ModMe session it only sends on to
 * /modme/comments), the other ModMe pages through it.
 */
async function staffStorage(base: string, { gate }: { gate: boolean }): Promise<Record<string, string>> {
  const { token } = await devSignIn(base, "admin", "Bench Staff");
  if (!gate) return { token };
  const adminToken = await modmeGateToken(base, "admin", "Bench Staff");
  return { token, adminToken, adminLoginTime: String(Date.now()) };
}

/** ModMe's password gate as signed-in staff, then its dashboard through the gate: one row each. */
async function staffLighthouseRuns(base: string): Promise<LighthouseFigures[][]> {
  const gate = await lighthouseRuns(base, ["/modme/login"], await staffStorage(base, { gate: false }));
  const dashboard = await lighthouseRuns(base, ["/modme"], await staffStorage(base, { gate: true }));
  return gate.map((run, i) => [...run, ...(dashboard[i] ?? [])]);
}

/** Runs `measure` while autocannon keeps the feed busy on the same machine, then stops the load. */
async function underFeedLoad<T>(base: string, measure: () => Promise<T>): Promise<T> {
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const load = autocannon({ url: base + FEED_LOAD.path, connections: FEED_LOAD.connections, duration: 3600 }, () =>
    finished(),
  );
  try {
    return await measure();
  } finally {
    load.stop();
    await done;
  }
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
  const paths = ["/", article, "/search?q=market", "/modme/login"];
  const html = await htmlGzipBytes(base, "/");
  print(
    `### Lighthouse 12, mobile (simulated slow 4G, 4× CPU), Debian Chromium: median (worst) of ${LIGHTHOUSE_RUNS}, idle\n`,
  );
  // Each table, then what moved in any run that shifted noticeably.
  const printLighthouse = (runs: LighthouseFigures[][]) => {
    print(lighthouseTable(runs));
    const shifts = shiftLines(runs);
    if (shifts) print(`\n${shifts}`);
  };
  const idle = await lighthouseRuns(base, paths);
  printLighthouse(idle);
  print(
    `\n### ModMe as signed-in staff (the gate before it, the dashboard through it), idle, median (worst) of ${LIGHTHOUSE_RUNS}\n`,
  );
  const staff = await staffLighthouseRuns(base);
  printLighthouse(staff);
  print(
    `\n### The same, under the feed load (${FEED_LOAD.connections} connections on \`${FEED_LOAD.path}\`, same cores)\n`,
  );
  const loaded = await underFeedLoad(base, () => lighthouseRuns(base, paths));
  printLighthouse(loaded);
  print(`\n${TAP_LATENCY_HEADING}, idle\n`);
  print(tapLatencyTable([await measureTapLatency(base, "/"), await measureTapLatency(base, article)]));
  print("\n### JavaScript before / answers taps (gzip -9)\n");
  const js = await measureScripts(base, "/");
  print(scriptTable(js));
  print(`\n${budgetLine(js)}`);
  print(`\nHTML of /: ${kb(html.raw)} raw, ${kb(html.gzip)} gzipped (gzip -9).`);
  await giveSampleUserAnInboxEntry(base);
  const axe = await runAxe(base, {
    visitor: [
      "/",
      "/category/tech",
      article,
      await firstOutletPath(base),
      "/search?q=market",
      "/login",
      "/privacy",
      "/terms",
      "/no-such-page",
    ],
    // A signed-in reader sees the cards' Save buttons and the inbox's bell, their saved articles and
    // their inbox.
    user: ["/profile", "/saved", "/inbox", "/"],
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
