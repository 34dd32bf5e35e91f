#!/usr/bin/env tsx
// What one hot article's votes cost without the rest of the stack (ADR 010). A driver worker
// (tests/bench/hot-object/) calls the objects directly, with no gateway, token, D1 read or per-user
// limiter in front:
//   1. the votes worker's ArticleVotes object, as the vote route calls it (its events go through the
//      outbox and the vote-events queue, whose consumer runs beside it as in the full stack), timed
//      until the outbox is empty and the D1 copy of the counts (the object's flush writes it) holds
//      every vote, and, apart, until the consumer has written every voter's history and the day's
//      vote log; beside a bare call to the object for scale;
//   2. a simulation of ADR 010's sharded counters: 16 shard objects chosen by voter, folded into a
//      root object by alarm; how long the root takes to hold every vote, and how many pushes it took.
// It runs after the stack of tests/bench/votes.ts (or `npm run bench`) has stopped, on the same state
// folder, so the article exists in D1 (the copy of its counts is written on its row); alone
// (`npx tsx tests/bench/hot-object.ts`), it first starts and stops a stack of its own for its articles.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { queryRows } from "../../scripts/d1-local.ts";
import { repoRoot } from "../../scripts/paths.ts";
import { prepareStack, spawnDevServer, startStack, waitUntilAnswering } from "../../scripts/stack.ts";
import { fromRoot, workerEntry } from "../../workers/registry.ts";
import { percentile, table } from "./report.ts";
import { benchStateDir } from "./state-dir.ts";

const VOTES = Number(process.env.BENCH_HOT_OBJECT_VOTES ?? 20_000);
/** Votes per request to the driver (each request's calls are the driver's subrequests). */
const CHUNK = 1_000;
const CONCURRENCY = 32;
const SHARDS = 16;
/** The simulation's fold interval (sharded.ts FOLD_MS): the root takes at most SHARDS × 4 pushes/s. */
const FOLD_MS = 250;

type Counts = { upvotes: number; downvotes: number; pushes?: number };

/** An article of the stopped stack's D1 (the driver's votes need one that exists). */
export function anyArticleId(persistTo: string): string {
  const [row] = queryRows<{ id: string }>("SELECT id FROM articles ORDER BY id LIMIT 1", { persistTo });
  if (!row) throw new Error("no article in the benchmark's D1");
  return row.id;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`hot-object driver: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** VOTES upvotes from distinct users through the driver's `path`, in chunks; latencies and wall time. */
async function castVotes(base: string, path: string, articleId: string, extra: Record<string, string> = {}) {
  const run = `bench-${Date.now()}`;
  const cast = (from: number, count: number) =>
    getJson<{ latencies: number[]; counts: Counts }>(
      `${base}${path}?${new URLSearchParams({
        article: articleId,
        run,
        from: String(from),
        count: String(count),
        concurrency: String(CONCURRENCY),
        ...extra,
      })}`,
    );
  const before = (await cast(0, 0)).counts;
  const latencies: number[] = [];
  let after = before;
  const started = performance.now();
  for (let from = 0; from < VOTES; from += CHUNK) {
    const chunk = await cast(from, Math.min(CHUNK, VOTES - from));
    latencies.push(...chunk.latencies);
    after = chunk.counts;
  }
  const seconds = (performance.now() - started) / 1000;
  return { before, after, seconds, latencies };
}

/** The first three cells of both tables: votes/s, p50 ms, p99 ms. */
const rateAndLatency = (seconds: number, latencies: number[]) => [
  (VOTES / seconds).toFixed(0),
  percentile(latencies, 50).toFixed(1),
  percentile(latencies, 99).toFixed(1),
];

/** How long the run waits, after its last vote, for the outbox to empty and D1 to hold every vote. */
const DRAIN_TIMEOUT_MS = 120_000;

type Drain = { pending: number; d1: Counts; recorded: number };

const drainState = (base: string, articleId: string) => getJson<Drain>(`${base}/drain?article=${articleId}`);

/**
 * Polls the driver until the object's outbox is empty and D1's copy of the counts equals `counts`,
 * then until the consumer has recorded `events` more than `recordedBefore`.
 */
async function waitForDrain(base: string, articleId: string, counts: Counts, recordedBefore: number) {
  const lastVote = performance.now();
  let outboxEmptyMs: number | null = null;
  let d1CompleteMs: number | null = null;
  for (;;) {
    const drain = await drainState(base, articleId);
    const elapsed = performance.now() - lastVote;
    if (drain.pending === 0) outboxEmptyMs ??= elapsed;
    if (outboxEmptyMs !== null && drain.d1.upvotes === counts.upvotes && drain.d1.downvotes === counts.downvotes)
      d1CompleteMs ??= elapsed;
    // D1's counts are the object's from d1CompleteMs on (nothing else writes them during the run).
    if (outboxEmptyMs !== null && d1CompleteMs !== null && drain.recorded - recordedBefore >= VOTES)
      return { outboxEmptyMs, d1CompleteMs, recordedMs: elapsed, d1: drain.d1 };
    if (elapsed > DRAIN_TIMEOUT_MS)
      throw new Error(
        `hot object: after ${DRAIN_TIMEOUT_MS} ms, ${drain.pending} events in the outbox, D1 ${JSON.stringify(drain.d1)}, ${drain.recorded - recordedBefore} events recorded`,
      );
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function singleObject(base: string, articleId: string): Promise<string> {
  const bare = await castVotes(base, "/counts", articleId);
  const recordedBefore = (await drainState(base, articleId)).recorded;
  const { before, after, seconds, latencies } = await castVotes(base, "/", articleId);
  const drain = await waitForDrain(base, articleId, after, recordedBefore);
  const untilStored = seconds + drain.d1CompleteMs / 1000;
  const untilRecorded = seconds + drain.recordedMs / 1000;
  return [
    `\n### One article's ArticleVotes object alone (${VOTES} distinct users, ${CONCURRENCY} calls in flight)\n`,
    table(
      [
        "calls",
        "votes/s until D1 holds every vote",
        "calls/s answered",
        "p50 ms",
        "p99 ms",
        "outbox empty after the last vote",
        "D1 complete after the last vote",
        "votes/s until every history and the vote log are written",
        "histories complete after the last vote",
        "object's count − votes cast",
        "D1's count − votes cast",
      ],
      [
        [
          "a vote (as the vote route casts it)",
          (VOTES / untilStored).toFixed(0),
          ...rateAndLatency(seconds, latencies),
          `${drain.outboxEmptyMs.toFixed(0)} ms`,
          `${drain.d1CompleteMs.toFixed(0)} ms`,
          (VOTES / untilRecorded).toFixed(0),
          `${(drain.recordedMs / 1000).toFixed(1)} s`,
          after.upvotes - before.upvotes - VOTES,
          drain.d1.upvotes - before.upvotes - VOTES,
        ],
        [
          "a bare call (the counts only), for scale",
          "—",
          ...rateAndLatency(bare.seconds, bare.latencies),
          "—",
          "—",
          "—",
          "—",
          "—",
          "—",
        ],
      ],
    ),
    "\nCalled by a driver worker the way the vote route calls it (each vote's event goes to the outbox and, by the alarm, to the vote-events queue, whose consumer writes the voters' histories and the day's vote log beside it, on the same workerd thread; the same alarm writes D1's copy of the counts); no gateway, token, D1 read or per-user limiter in front. The first rate counts from the first vote until D1's copy of the counts holds every vote; the second until the consumer has also written every voter's history and the day's vote log (its queue_jobs count every event).",
  ].join("\n");
}

async function shardedSimulation(base: string, articleId: string): Promise<string> {
  const { before, seconds, latencies } = await castVotes(base, "/sharded", articleId, { shards: String(SHARDS) });
  // The root holds every vote once each shard's last fold has landed.
  const lastVote = performance.now();
  let root = await getJson<Counts>(`${base}/sharded-root?article=${articleId}`);
  while (root.upvotes - before.upvotes < VOTES && performance.now() - lastVote < 10_000) {
    await new Promise((r) => setTimeout(r, 20));
    root = await getJson<Counts>(`${base}/sharded-root?article=${articleId}`);
  }
  const foldedAfterMs = performance.now() - lastVote;
  const pushes = (root.pushes ?? 0) - (before.pushes ?? 0);
  return [
    `\n### Simulation of ADR 010's sharded counters (${SHARDS} shards by voter, fold every ${FOLD_MS} ms; ${VOTES} distinct users, ${CONCURRENCY} calls in flight)\n`,
    table(
      [
        "votes/s",
        "p50 ms",
        "p99 ms",
        "root's count − votes cast",
        "root complete after the last vote",
        "fold pushes to the root",
      ],
      [
        [
          ...rateAndLatency(seconds, latencies),
          root.upvotes - before.upvotes - VOTES,
          `${foldedAfterMs.toFixed(0)} ms`,
          `${pushes} (${(pushes / (seconds + foldedAfterMs / 1000)).toFixed(0)}/s; bound ${SHARDS * (1000 / FOLD_MS)}/s)`,
        ],
      ],
    ),
    "\nBenchmark-only objects (tests/bench/hot-object/sharded.ts), without vote events. Every object shares the one local workerd thread, so the votes/s here cannot show the design's scaling; the run checks that the folded sum is exact, how far behind it runs, and that the root's load is bounded by the shard count, not the vote rate.",
  ].join("\n");
}

/** Markdown for both runs, on a driver worker started beside the votes worker on `persistTo`. */
export async function benchHotObject(options: { persistTo: string; articleId: string; port: number }) {
  const base = `http://127.0.0.1:${options.port}`;
  const votesConfig = fromRoot(workerEntry("votes").config);
  const server = spawnDevServer({
    configs: [join(repoRoot, "tests/bench/hot-object/wrangler.toml"), votesConfig],
    port: options.port,
    persistTo: options.persistTo,
    requestLogs: false,
  });
  try {
    await waitUntilAnswering(base, server.child, 60_000);
    return [await singleObject(base, options.articleId), await shardedSimulation(base, options.articleId)].join("\n");
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${server.output()}`);
  } finally {
    await server.stop();
  }
}

async function main() {
  const { dir: persistTo, where } = benchStateDir("unbiased-bench-hot-object-");
  const port = Number(process.env.BENCH_PORT ?? 8797);
  console.log(`Hot object: a stack for the articles, ${where}`);
  try {
    await prepareStack({ persistTo, log: () => {} });
    await (await startStack({ port, persistTo, requestLogs: false })).stop();
    console.log(await benchHotObject({ persistTo, articleId: anyArticleId(persistTo), port }));
  } finally {
    rmSync(persistTo, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
