// The 'page views' table of `npm run bench` (ADR 020): what an anonymous reader's page costs the
// stack, from the cache and rendered, beside a static file measured in the same run.
//   - hit: autocannon, 32 connections, on a page already kept; req/s ÷ /favicon.svg's, and the CPU
//     of every workerd process of the stack (the gateway's, the reader's and ModMe's) over the run,
//     divided by its requests;
//   - miss: one request at a time, each after a hide of an old article has bumped the content version
//     (every page key names it) and the version's one-second reuse has passed; CPU read around each
//     request alone, and compared with the static file asked the same way (alone, after the same
//     pause): a request alone costs the stack several times what one costs under load, where the
//     work of many shares each wake-up, so a miss alone over the static file under load overstated it;
//     the reader Worker's processes' part of it (its render and its calls back) is given beside it,
//     and the ratio's standard error, from the spread of the misses and of the static file's requests;
//   - D1 queries: the request's own count in its Server-Timing (d1;…;queries=N, the page's session,
//     which includes the data the gateway asked itself for);
//   - the HTML's raw and gzipped bytes.
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import type { RunningStack } from "../../scripts/stack.ts";
import { articlePath } from "../../workers/shared/src/contracts/paths.ts";
import { firstOutletPath } from "./js-budget.ts";
import { percentile, table } from "./report.ts";
import { totalCpuMeter, workerdProcesses } from "./stack-cpu.ts";

const CONNECTIONS = 32;
const HIT_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MISSES_PER_PAGE = Number(process.env.BENCH_PAGE_MISSES ?? 10);
/** Cached answers, one after another, whose D1 queries are averaged. */
const HIT_SAMPLES = 50;
/** page-versions.ts reads the content version at most once a second per isolate. */
const VERSION_REUSE_MS = 1_000;

const TARGETS =
  "Targets: a hit of /, a category, an article and a search ≥ 0.5× the static file's req/s, 0 D1 queries, ≤ 2× its CPU per request; a miss of / ≤ 6× and an article's ≤ 3× its CPU per request. A hit is compared with the static file under the same load; a miss, asked alone, with the static file asked alone.";

interface Figures {
  rps: number;
  cpuMs: number;
}

const pageState = (response: Response) =>
  /page;desc="(\w+)"/.exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? "none";
const d1Queries = (response: Response) =>
  Number(/d1;desc="[^"]*";queries=(\d+)/.exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? 0);

/** autocannon on one path; CPU of the stack's workerd processes per request over the run. */
async function underLoad(base: string, path: string, pids: number[]): Promise<Figures> {
  const cpu = totalCpuMeter(pids);
  const result = await autocannon({ url: base + path, connections: CONNECTIONS, duration: HIT_SECONDS });
  const cpuMs = cpu();
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${path}: ${result.non2xx} non-2xx answers (${JSON.stringify(result.statusCodeStats)}), ${result.errors} errors`,
    );
  return { rps: result.requests.average, cpuMs: cpuMs / result.requests.total };
}

/** Asks for the page until an answer comes from the cache (the first render is kept after it streams). */
async function kept(base: string, path: string): Promise<Response> {
  for (let i = 0; i < 50; i++) {
    const response = await fetch(base + path);
    await response.arrayBuffer();
    if (pageState(response) === "hit") return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} is never answered from the cache`);
}

/** Hides one old article (a new content version, so every page key changes), as staff do. */
function contentVersionBumper(base: string, adminToken: string, oldIds: string[]) {
  return async () => {
    const id = oldIds.pop();
    if (!id) throw new Error("no old article left to hide");
    const response = await fetch(`${base}/api/articles/admin/${id}/hide`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ reason: "Benchmark: a new content version" }),
    });
    if (!response.ok) throw new Error(`hiding ${id}: ${response.status}`);
  };
}

interface AloneFigures {
  cpuMs: number;
  /** The part of `cpuMs` spent in the reader Worker's processes (its render and its calls back). */
  readerCpuMs: number;
  /** The standard error of `cpuMs` over the requests measured. */
  cpuStandardErrorMs: number;
  p50Ms: number;
  queries: number;
}

/** Requests of the static file alone, as misses are asked: more of them, as every miss is divided by it. */
const STATIC_ALONE_SAMPLES = 30;

/**
 * One request at a time, each after `before` (a content-version bump for a miss) and the version's
 * reuse has passed; the CPU read around each request alone. Only answers in `state` count.
 */
async function alone(
  base: string,
  path: string,
  pids: { all: number[]; reader: number[] },
  options: { before?: () => Promise<void>; state?: string; samples: number },
): Promise<AloneFigures> {
  const cpu: number[] = [];
  const readerCpu: number[] = [];
  const times: number[] = [];
  const queries: number[] = [];
  while (cpu.length < options.samples) {
    await options.before?.();
    await new Promise((resolve) => setTimeout(resolve, VERSION_REUSE_MS + 50));
    const meter = totalCpuMeter(pids.all);
    const readerMeter = totalCpuMeter(pids.reader);
    const started = performance.now();
    const response = await fetch(base + path);
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    // The refresh of a stale page and the cache writes run after the answer: wait for the stack to go quiet.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const cpuMs = meter();
    const readerCpuMs = readerMeter();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    if (options.state !== undefined && pageState(response) !== options.state) continue;
    cpu.push(cpuMs);
    readerCpu.push(readerCpuMs);
    times.push(elapsed);
    queries.push(d1Queries(response));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const cpuMs = mean(cpu);
  const variance = cpu.reduce((sum, value) => sum + (value - cpuMs) ** 2, 0) / Math.max(1, cpu.length - 1);
  return {
    cpuMs,
    readerCpuMs: mean(readerCpu),
    cpuStandardErrorMs: Math.sqrt(variance / cpu.length),
    p50Ms: percentile(times, 50),
    queries: mean(queries),
  };
}

/** The standard error of `a.cpuMs / b.cpuMs`, from each mean's own (first-order propagation). */
function ratioStandardError(a: AloneFigures, b: AloneFigures): number {
  const ratio = a.cpuMs / b.cpuMs;
  return ratio * Math.hypot(a.cpuStandardErrorMs / a.cpuMs, b.cpuStandardErrorMs / b.cpuMs);
}

async function firstArticle(base: string): Promise<string> {
  const body = (await (await fetch(`${base}/api/articles?page=1&limit=1`)).json()) as {
    data: { id: string; title: string }[];
  };
  if (!body.data[0]) throw new Error("the feed is empty");
  return articlePath(body.data[0]);
}

/**
 * D1 queries per cached answer, the mean of HIT_SAMPLES answers one after another: a hit reads none,
 * but the request that finds the isolate's content version a second old reads it again, so one
 * answer alone may show 1.
 */
async function meanHitQueries(base: string, path: string): Promise<number> {
  let queries = 0;
  for (let i = 0; i < HIT_SAMPLES; i++) queries += d1Queries(await kept(base, path));
  return queries / HIT_SAMPLES;
}

/** Old articles, far from every page measured, to hide one per miss. */
async function oldArticleIds(base: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 5; ids.length < count; page++) {
    const response = await fetch(`${base}/api/articles?page=${page}&limit=20&sort=date&period=all`);
    const body = (await response.json()) as { data?: { id: string }[] };
    if (!body.data) break;
    if (body.data.length === 0) break;
    ids.push(...body.data.map((a) => a.id));
  }
  // The oldest first: pop() takes from the end.
  return ids.slice(0, count).reverse();
}

export async function benchPageViews(
  stack: Pick<RunningStack, "url" | "pid" | "remotePid">,
  adminToken: string,
): Promise<string> {
  const base = stack.url;
  const pids = workerdProcesses(
    [stack.pid, stack.remotePid("reader"), stack.remotePid("modme")].filter((pid): pid is number => pid !== undefined),
  );
  // A miss's reader part apart: its render and its calls back run in the reader Worker's processes.
  const readerPid = stack.remotePid("reader");
  const split = { all: pids, reader: readerPid === undefined ? [] : workerdProcesses([readerPid]) };
  const pages = [
    "/",
    "/category/tech",
    await firstArticle(base),
    "/search?q=market",
    "/moderation",
    await firstOutletPath(base),
    // A signed-in reader's pages: the first HTML is their skeleton, the same for everyone.
    "/saved",
    "/inbox",
  ];
  const bump = contentVersionBumper(base, adminToken, await oldArticleIds(base, pages.length * MISSES_PER_PAGE * 2));

  await fetch(`${base}/favicon.svg`);
  const asset = await underLoad(base, "/favicon.svg", pids);
  const assetAlone = await alone(base, "/favicon.svg", split, { samples: STATIC_ALONE_SAMPLES });
  const rows: (string | number)[][] = [
    [
      "static file `/favicon.svg`",
      "under load",
      asset.rps.toFixed(0),
      "1",
      asset.cpuMs.toFixed(2),
      "1",
      "—",
      "0",
      "—",
      "—",
    ],
    [
      "",
      "alone",
      "—",
      "—",
      assetAlone.cpuMs.toFixed(2),
      (assetAlone.cpuMs / asset.cpuMs).toFixed(1),
      "1",
      "0",
      "—",
      "",
    ],
  ];
  for (const path of pages) {
    await kept(base, path);
    const html = Buffer.from(await (await fetch(base + path)).arrayBuffer());
    const hit = await underLoad(base, path, pids);
    const hitQueries = await meanHitQueries(base, path);
    const miss = await alone(base, path, split, { before: bump, state: "miss", samples: MISSES_PER_PAGE });
    const bytes = `${(html.length / 1024).toFixed(1)} KB / ${(gzipSync(html, { level: 9 }).length / 1024).toFixed(1)} KB`;
    rows.push(
      [
        `\`${path}\``,
        "hit",
        hit.rps.toFixed(0),
        (hit.rps / asset.rps).toFixed(2),
        hit.cpuMs.toFixed(2),
        (hit.cpuMs / asset.cpuMs).toFixed(1),
        "—",
        hitQueries.toFixed(2),
        "—",
        bytes,
      ],
      [
        "",
        "miss",
        "—",
        "—",
        `${miss.cpuMs.toFixed(1)} (reader's Worker ${miss.readerCpuMs.toFixed(1)})`,
        (miss.cpuMs / asset.cpuMs).toFixed(1),
        `${(miss.cpuMs / assetAlone.cpuMs).toFixed(1)} ± ${ratioStandardError(miss, assetAlone).toFixed(1)}`,
        miss.queries.toFixed(1),
        miss.p50Ms.toFixed(0),
        "",
      ],
    );
  }
  return [
    `### Page views: from the cache (hit, ${CONNECTIONS} connections, ${HIT_SECONDS} s) and rendered (miss, one at a time, ${MISSES_PER_PAGE} each, after a content-version bump)\n`,
    table(
      [
        "page",
        "answer",
        "req/s",
        "÷ static",
        "workerd CPU ms / request",
        "÷ static under load",
        "÷ static alone",
        "D1 queries / request",
        "miss p50 ms",
        "HTML raw / gzip",
      ],
      rows,
    ),
    `\n${TARGETS}`,
  ].join("\n");
}

/** Alone: `npx tsx tests/bench/page-views.ts` (after `npm run build:web`): its own stack, 2,000 seeded articles. */
async function main() {
  const { execFileSync } = await import("node:child_process");
  const { rmSync } = await import("node:fs");
  const { join } = await import("node:path");
  const { repoRoot } = await import("../../scripts/paths.ts");
  const { prepareStack, startStack } = await import("../../scripts/stack.ts");
  const { benchStateDir } = await import("./state-dir.ts");
  const { dir: persistTo } = benchStateDir("unbiased-page-views-");
  try {
    await prepareStack({ persistTo, log: () => {} });
    const seed = [join(repoRoot, "node_modules/tsx/dist/cli.mjs"), join(repoRoot, "scripts/seed.ts")];
    execFileSync(process.execPath, [...seed, "--articles", "2000", "--users", "50", "--persist-to", persistTo], {
      stdio: "inherit",
      cwd: repoRoot,
    });
    // BENCH_LOG_FILE: what the Workers print, to read after a failed run.
    const logFile = process.env.BENCH_LOG_FILE;
    const port = Number(process.env.BENCH_PORT ?? 8797);
    const stack = await startStack({ port, persistTo, requestLogs: false, ...(logFile ? { logFile } : {}) });
    try {
      console.log(await benchPageViews(stack, await devAdminToken(stack.url)));
    } finally {
      await stack.stop();
    }
  } finally {
    rmSync(persistTo, { recursive: true, force: true });
  }
}

/** A staff account of the local stack's dev sign-in: the hides that bump the content version are theirs. */
export async function devAdminToken(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/dev`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ role: "admin", name: "Bench Editor" }),
  });
  const { data } = (await response.json()) as { data: { token: string } };
  return data.token;
}

const { pathToFileURL } = await import("node:url");
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
