#!/usr/bin/env tsx
// What one hot article's ArticleVotes object sustains on its own (issue 11, ADR 010): a driver worker
// (tests/bench/hot-object/) calls the object directly, as the vote route does, with no gateway, token,
// D1 read or per-user limiter in front of it; the votes worker's queue consumer runs beside it as in
// the full stack. It runs after the stack of tests/bench/votes.ts (or `npm run bench`) has stopped,
// on the same state folder, so the article exists in D1 (the consumer's article_stats row needs it).
import { WORKER_CONFIGS } from "../../scripts/wrangler.ts";
import { spawnDevServer } from "../../scripts/stack.ts";
import { join } from "node:path";
import { repoRoot } from "../../scripts/paths.ts";
import { queryRows } from "../../scripts/d1-local.ts";

const VOTES = Number(process.env.BENCH_HOT_OBJECT_VOTES ?? 20_000);
/** Votes per request to the driver (each request's calls are the driver's subrequests). */
const CHUNK = 1_000;
const CONCURRENCY = 32;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function waitUntilReady(url: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error("wrangler dev (hot-object driver) exited");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the hot-object driver did not start within 60 s");
}

/** An article of the stopped stack's D1 (the driver's votes need one that exists). */
export function anyArticleId(persistTo: string): string {
  const [row] = queryRows<{ id: string }>("SELECT id FROM articles ORDER BY id LIMIT 1", { persistTo });
  if (!row) throw new Error("no article in the benchmark's D1");
  return row.id;
}

/** Markdown: votes/s, call latency and the exactness of the count, for one article's object. */
export async function benchHotObject(options: { persistTo: string; articleId: string; port: number }) {
  const url = `http://127.0.0.1:${options.port}`;
  const votesConfig = WORKER_CONFIGS.find((c) => c.includes("workers/votes"));
  if (!votesConfig) throw new Error("no votes worker config");
  const server = spawnDevServer({
    configs: [join(repoRoot, "tests/bench/hot-object/wrangler.toml"), votesConfig],
    port: options.port,
    persistTo: options.persistTo,
    requestLogs: false,
  });
  try {
    await waitUntilReady(url, () => server.child.exitCode !== null);
    const run = `bench-${Date.now()}`;
    const cast = async (from: number, count: number) => {
      const query = new URLSearchParams({
        article: options.articleId,
        run,
        from: String(from),
        count: String(count),
        concurrency: String(CONCURRENCY),
      });
      const res = await fetch(`${url}/?${query}`);
      if (!res.ok) throw new Error(`hot-object driver: ${res.status} ${await res.text()}`);
      return (await res.json()) as { latencies: number[]; counts: { upvotes: number; downvotes: number } };
    };
    const before = (await cast(0, 0)).counts.upvotes;
    const latencies: number[] = [];
    let after = before;
    const started = performance.now();
    for (let from = 0; from < VOTES; from += CHUNK) {
      const chunk = await cast(from, Math.min(CHUNK, VOTES - from));
      latencies.push(...chunk.latencies);
      after = chunk.counts.upvotes;
    }
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return [
      `\n### One article's ArticleVotes object alone (${VOTES} distinct users, ${CONCURRENCY} calls in flight)\n`,
      "| votes/s | p50 ms | p99 ms | final count − votes cast |",
      "|---|---|---|---|",
      `| ${(VOTES / seconds).toFixed(0)} | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 99).toFixed(1)} | ${after - before - VOTES} |`,
      "\nCalled by a driver worker the way the vote route calls it (each vote's event goes to the outbox and, by the alarm, to the vote-events queue, whose consumer runs beside it); no gateway, token, D1 read or per-user limiter in front.",
    ].join("\n");
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${server.output()}`);
  } finally {
    await server.stop();
  }
}
