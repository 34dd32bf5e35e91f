#!/usr/bin/env tsx
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
// `npm run bench`: the reading issue's performance figures, measured on the real local stack
// (never asserted in tests). Starts its own stack on a spare port with a fresh state folder, seeds
// 10,000 synthetic articles, then prints markdown tables:
//   1. throughput and latency of GET /api/articles page 1 vs a static asset, 32 connections;
//   2. page views (tests/bench/page-views.ts): /, a category, an article, a search, the moderation
//      log and an outlet's page, from the cache and rendered, beside a static file: req/s, workerd CPU and D1 queries per
//      request, the HTML's bytes;
//   2b. search latency over the 10,000 articles;
//   3. voting: one hot article voted on by thousands of distinct users, and the counts of a page of
//      20 cards (tests/bench/votes.ts; also runs alone on the sample corpus);
//   4. listing a 1,000-comment thread nested to depth 8 (tests/bench/comments.ts);
//   5. Lighthouse mobile on /, an article, a search and ModMe's sign-in (median and worst of 3, idle
//      and under the feed load), first paint to the app answering a tap (tests/bench/tap-latency.ts),
//      the JavaScript before / answers (tests/bench/js-budget.ts), the gzipped HTML of /, and axe-core
//      on every reader and ModMe page (tests/bench/pages.ts, which can also run alone on the sample corpus).
//   6. after the stack stops: one article's ArticleVotes object driven alone (tests/bench/hot-object.ts).
//   7. the capacity model on a stack of its own: D1 rows and stored bytes per operation, projected to
//      1 M and 10 M readers a day, written to docs/capacity.md (tests/bench/capacity.ts).
//   8. the feed, a 1,731-comment thread, a reader's history, the review queue and search, p50 and p95
//      on today's benchmark data and on ten times it, each on a stack of its own (tests/bench/scale.ts).
import autocannon from "autocannon";
import { repoRoot } from "../../scripts/paths.ts";
import { prepareStack, startStack } from "../../scripts/stack.ts";
import { benchCapacity } from "./capacity.ts";
import { measureCommentThread, seedCommentThread } from "./comments.ts";
import { anyArticleId, benchHotObject } from "./hot-object.ts";
import { benchPageViews, devAdminToken } from "./page-views.ts";
import { printPageFigures } from "./pages.ts";
import { percentile, table } from "./report.ts";
import { benchScale } from "./scale.ts";
import { searchPath } from "./search-queries.ts";
import { benchStateDir } from "./state-dir.ts";
import { benchVotes } from "./votes.ts";

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const SEARCH_QUERIES = 300;

interface LoadOptions {
  headers?: Record<string, string>;
  /** The answers are meant to be 404s (the worker floor row). */
  expectNotFound?: boolean;
  /** A different path for every request (so no cache can answer it). */
  pathFor?: (n: number) => string;
}

async function load(url: string, { headers = {}, expectNotFound = false, pathFor }: LoadOptions = {}) {
  let n = 0;
  const requests = pathFor
    ? [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: pathFor(n++) }) }]
    : undefined;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
    ...(requests ? { requests } : {}),
  });
  const unexpected = expectNotFound ? result["1xx"] + result["2xx"] + result["3xx"] + result["5xx"] : result.non2xx;
  if (unexpected > 0 || result.errors > 0)
    throw new Error(`${pathFor ? pathFor(0) : url}: ${unexpected} unexpected statuses, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average,
  };
}

async function main() {
  const { dir: persistTo, where } = benchStateDir("unbiased-bench-");
  console.log(`Preparing a fresh stack (${where}) and seeding 10,000 synthetic articles…`);
  await prepareStack({ persistTo, log: () => {} });
  execFileSync(
    process.execPath,
    [
      join(repoRoot, "node_modules/tsx/dist/cli.mjs"),
      join(repoRoot, "scripts/seed.ts"),
      "--articles",
      "10000",
      "--users",
      "500",
      "--comments",
      "5000",
      "--persist-to",
      persistTo,
    ],
    { stdio: "inherit", cwd: repoRoot },
  );
  const threadArticleId = seedCommentThread(persistTo);
  const stack = await startStack({ port: PORT, persistTo, requestLogs: false });
  try {
    const base = stack.url;
    const signIn = await fetch(`${base}/api/auth/dev`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ role: "user", name: "Bench Reader" }),
    });
    const { data } = (await signIn.json()) as { data: { token: string } };
    const auth = { Authorization: `Bearer ${data.token}` };

    // Warm up every path once (module load, D1 page cache).
    for (const path of ["/favicon.svg", "/api/no-such-route", "/api/articles?page=1&limit=20&sort=date&period=7d"])
      await fetch(base + path);

    console.log(`\nLoad: ${CONNECTIONS} connections, ${DURATION_S} s each…`);
    const asset = await load(`${base}/favicon.svg`);
    // The same server's floor for any worker response: an unknown API path, answered by the gateway
    // with a small JSON 404 and no storage at all.
    const floor = await load(`${base}/api/no-such-route`, { expectNotFound: true });
    const feedAnon = await load(`${base}/api/articles?page=1&limit=20&sort=date&period=7d`);
    const feedSignedIn = await load(`${base}/api/articles?page=1&limit=20&sort=date&period=7d`, { headers: auth });
    // Page 1 of a different feed for every request: what a miss costs (D1 and the cache writes).
    const feedMisses = await load(base, {
      pathFor: (n) => `/api/articles?page=1&limit=20&sort=date&period=all&n=${n}`,
    });
    const row = (name: string, r: typeof asset) => [
      name,
      r.rps.toFixed(0),
      r.p50,
      r.p99,
      (r.rps / asset.rps).toFixed(2),
    ];
    console.log(`\n### GET /api/articles page 1 vs a static asset (${CONNECTIONS} connections)\n`);
    console.log(
      table(
        ["request", "req/s", "p50 ms", "p99 ms", "ratio to asset"],
        [
          row("static asset /favicon.svg", asset),
          row("worker floor: 404 JSON, no storage", floor),
          row("/api/articles anonymous (edge-cached)", feedAnon),
          row("/api/articles signed in (same data, private response)", feedSignedIn),
          row("/api/articles, a different URL each time (every request a miss: D1)", feedMisses),
        ],
      ),
    );

    console.log("\nPage views: from the cache and rendered…\n");
    console.log(await benchPageViews(stack, await devAdminToken(base)));

    console.log(`\nSearch: ${SEARCH_QUERIES} distinct queries, one at a time (none served from a cache)…`);
    const timings: number[] = [];
    const serverTimings: number[] = [];
    let hits = 0;
    for (let i = 0; i < SEARCH_QUERIES; i++) {
      const started = performance.now();
      const res = await fetch(base + searchPath(i));
      const body = (await res.json()) as { pagination: { totalResults: number } };
      timings.push(performance.now() - started);
      const server = res.headers.get("Server-Timing")?.match(/db;dur=([\d.]+)/);
      if (server) serverTimings.push(Number(server[1]));
      hits += body.pagination.totalResults;
    }
    console.log(`\n### Search over 10,000 generated articles (${SEARCH_QUERIES} queries)\n`);
    const searchRows: (string | number)[][] = [
      [
        "HTTP round trip (worker + D1)",
        percentile(timings, 50).toFixed(1),
        percentile(timings, 95).toFixed(1),
        percentile(timings, 99).toFixed(1),
      ],
    ];
    if (serverTimings.length)
      searchRows.push([
        "D1 queries alone (Server-Timing)",
        percentile(serverTimings, 50).toFixed(1),
        percentile(serverTimings, 95).toFixed(1),
        percentile(serverTimings, 99).toFixed(1),
      ]);
    console.log(table(["measured", "p50 ms", "p95 ms", "p99 ms"], searchRows));
    console.log(`\n(average ${(hits / SEARCH_QUERIES).toFixed(0)} matching articles per query)`);

    console.log("\nComment thread: 1,000 comments nested to depth 8…");
    console.log(`\n${await measureCommentThread(base, threadArticleId)}`);

    console.log(await benchVotes(stack));

    console.log("\nLighthouse, tap latency, JavaScript and axe-core…\n");
    await printPageFigures(base);
    await stack.stop();
    console.log(await benchHotObject({ persistTo, articleId: anyArticleId(persistTo), port: PORT }));
  } finally {
    await stack.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
  console.log("\nCapacity model…");
  await benchCapacity();
  console.log("\nToday's data and ten times it…");
  console.log(await benchScale());
}

await main();
