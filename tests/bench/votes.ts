#!/usr/bin/env tsx
import { rmSync } from "node:fs";
// Voting benchmarks (ADR 010), run by `npm run bench` on its stack, or alone on a fresh stack with the
// sample corpus: `npx tsx tests/bench/votes.ts` (BENCH_PORT, default 8796).
//   1. One hot article: N distinct users each cast one upvote on the same article, 32 at a time, for
//      each N of BENCH_VOTERS (default 6,000 and 20,000, each on its own article); votes/s, p50 and
//      p99, the answers by status (no 500 is allowed; 503 means the stack was overloaded and said so),
//      and whether the final count equals the accepted votes exactly. Each voter casts one vote on the
//      article, so the per-user limit (100/h) never refuses one; the votes worker has no per-address
//      limit, so every request coming from 127.0.0.1 is no obstacle.
//   2. Counts for a page of 20 cards: POST /api/votes/counts/batch, one at a time.
//   3. How long the vote-events queue takes to record every event (Queue Status, ModMe API).
//   4. What each layer of the vote path costs: requests that stop at successive layers, with the CPU
//      time of the stack's processes per request (tests/bench/stack-cpu.ts).
//   5. After the stack stops: what one article's object sustains alone (tests/bench/hot-object.ts).
import autocannon from "autocannon";
import { prepareStack, type RunningStack, startStack } from "../../scripts/stack.ts";
import { anyArticleId, benchHotObject } from "./hot-object.ts";
import { percentile, table } from "./report.ts";
import { modmeGateToken, postJson } from "./sign-in.ts";
import { cpuMeter, type StackProcess, stackProcesses } from "./stack-cpu.ts";
import { benchStateDir } from "./state-dir.ts";

const VOTER_RUNS = (process.env.BENCH_VOTERS ?? "6000,20000").split(",").map(Number);
const VOTERS = Math.max(...VOTER_RUNS);
const CONNECTIONS = 32;
const COUNT_CALLS = 300;

type SignIn = { data: { user: { id: string }; token: string } };

/** Distinct users through the development sign-in, `parallel` at a time. */
async function signInVoters(base: string, count: number, parallel = 16) {
  const voters: { id: string; token: string }[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const n = next++;
        const { data } = await postJson<SignIn>(`${base}/api/auth/dev`, { role: "user", name: `Bench Voter ${n}` });
        voters[n] = { id: data.user.id, token: data.token };
      }
    }),
  );
  return voters;
}

type QueueStatus = { data: { pending: number; processing: number; completed: number; failed: number; total: number } };

export async function benchVotes(stack: Pick<RunningStack, "url" | "pid" | "port">): Promise<string> {
  const base = stack.url;
  const processes = stackProcesses(stack.pid, stack.port);
  const feed = (await (await fetch(`${base}/api/articles?page=1&limit=20&sort=date&period=all`)).json()) as {
    data: { id: string }[];
  };
  const pageIds = feed.data.map((a) => a.id);
  const hot = pageIds[0];
  if (!hot || pageIds.length < 20) throw new Error("the feed has fewer than 20 articles");
  const admin = await modmeGateToken(base, "moderator");

  console.log(`\nVotes: signing in ${VOTERS} distinct users…`);
  const voters = await signInVoters(base, VOTERS);

  const runs: (string | number)[][] = [];
  const drains: string[] = [];
  for (const [i, count] of VOTER_RUNS.entries()) {
    // Each run on its own article, so every voter's vote is new there.
    const run = await hotArticleRun({ base, admin, processes }, pageIds[i] as string, voters.slice(0, count));
    runs.push(run.row);
    drains.push(run.drain);
  }

  console.log(`Votes: counts for a page of 20 cards, ${COUNT_CALLS} calls one at a time…`);
  const countTimes: number[] = [];
  for (let i = 0; i < COUNT_CALLS; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/votes/counts/batch`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ articleIds: pageIds }),
    });
    const body = (await res.json()) as { results: { success: boolean }[] };
    countTimes.push(performance.now() - t);
    if (!res.ok || body.results.length !== 20 || !body.results.every((r) => r.success))
      throw new Error("counts batch failed");
  }

  console.log("Votes: what each layer of the vote path costs…");
  const layers = await voteLayerCosts(
    { base, admin, processes, hot, used: pageIds.slice(0, VOTER_RUNS.length) },
    voters,
  );

  return [
    `\n### Votes on one hot article (distinct users, one upvote each, ${CONNECTIONS} connections)\n`,
    table(
      [
        "voters",
        "accepted",
        "503 (overloaded)",
        "500",
        "other / errors",
        "votes/s",
        "p50 ms",
        "p99 ms",
        "final count − accepted",
        ...CPU_HEAD,
      ],
      runs,
    ),
    ...drains,
    `\n### Counts for a page of 20 cards (POST /api/votes/counts/batch, ${COUNT_CALLS} calls)\n`,
    table(
      ["p50 ms", "p95 ms", "p99 ms"],
      [
        [
          percentile(countTimes, 50).toFixed(1),
          percentile(countTimes, 95).toFixed(1),
          percentile(countTimes, 99).toFixed(1),
        ],
      ],
    ),
    layers,
  ].join("\n");
}

/** Up to 100 articles of the feed, besides `used`. */
async function articlesBesides(base: string, used: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const page of [1, 2]) {
    const res = await fetch(`${base}/api/articles?page=${page}&limit=50&sort=date&period=all`);
    ids.push(...((await res.json()) as { data: { id: string }[] }).data.map((a) => a.id));
  }
  const found = ids.filter((id) => !used.includes(id));
  if (found.length < 20) throw new Error("the feed has fewer than 20 more articles");
  return found;
}

/** Until the vote-events queue has recorded `events` more than `before` (three minutes at most). */
async function queueDrained(base: string, admin: string, before: QueueStatus["data"], events: number): Promise<void> {
  const started = performance.now();
  for (;;) {
    const queue = await queueStatus(base, admin);
    if (queue.completed + queue.failed - before.completed - before.failed >= events) return;
    if (performance.now() - started > 180_000) throw new Error("the vote-events queue did not drain");
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The vote-events queue's counts (ModMe API). */
async function queueStatus(base: string, admin: string): Promise<QueueStatus["data"]> {
  const res = await fetch(`${base}/api/votes/queue/status`, { headers: { Authorization: `Bearer ${admin}` } });
  return ((await res.json()) as QueueStatus).data;
}

/** One burst: every voter upvotes `article` once, 32 at a time; then the queue drains. */
async function hotArticleRun(
  ctx: { base: string; admin: string; processes: Map<StackProcess, number> },
  article: string,
  voters: { id: string; token: string }[],
) {
  const { base, admin, processes } = ctx;
  const queueBefore = await queueStatus(base, admin);
  const before = (await (await fetch(`${base}/api/votes/counts/${article}`)).json()) as { upvotes: number };
  console.log(`Votes: ${voters.length} upvotes on one article, ${CONNECTIONS} connections…`);
  let n = 0;
  // autocannon settles on its next one-second tick, so the run's end is the last answer's arrival.
  let lastAnswer = 0;
  const cpu = cpuMeter(processes);
  const started = performance.now();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: voters.length,
    requests: [
      {
        setupRequest: (request: autocannon.Request) => {
          const voter = voters[n++ % voters.length];
          return {
            ...request,
            method: "POST",
            path: "/api/votes/vote",
            headers: { "content-type": "application/json", authorization: `Bearer ${voter?.token}` },
            body: JSON.stringify({ articleId: article, userId: voter?.id, voteType: "upvote", voteCount: 1 }),
          };
        },
        onResponse: () => {
          lastAnswer = performance.now();
        },
      },
    ],
  });
  const seconds = (lastAnswer - started) / 1000;
  const accepted = result["2xx"];
  const byStatus = (code: number) => result.statusCodeStats?.[`${code}`]?.count ?? 0;
  const overloaded = byStatus(503);
  const failed = byStatus(500);
  const other = result.non2xx - overloaded - failed;
  const after = (await (await fetch(`${base}/api/votes/counts/${article}`)).json()) as { upvotes: number };

  // Every accepted vote's event is recorded by the queue consumer: wait for the queue to drain.
  const drainStart = performance.now();
  let queue = queueBefore;
  for (;;) {
    queue = await queueStatus(base, admin);
    if (queue.completed + queue.failed - queueBefore.completed - queueBefore.failed >= accepted) break;
    if (performance.now() - drainStart > 180_000) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const drainSeconds = (performance.now() - drainStart) / 1000;
  // Until the queue drained: each vote's event, its flush and the consumer's writes included.
  const cpuMs = cpu();
  const percent = (part: number) => `${part} (${((100 * part) / voters.length).toFixed(2)} %)`;
  return {
    row: [
      voters.length,
      accepted,
      percent(overloaded),
      failed,
      `${other} / ${result.errors}${other ? ` (${JSON.stringify(result.statusCodeStats)})` : ""}`,
      (accepted / seconds).toFixed(0),
      result.latency.p50,
      result.latency.p99,
      after.upvotes - before.upvotes - accepted,
      ...cpuCells(cpuMs, accepted),
    ],
    drain: `\n${voters.length} voters: vote events recorded by the queue consumer: ${queue.completed - queueBefore.completed} completed, ${queue.failed - queueBefore.failed} failed, queue drained ${drainSeconds.toFixed(1)} s after the last vote.`,
  };
}

const CPU_HEAD = ["runtime CPU ms per request", "dev proxy CPU ms per request"];
const cpuCells = (cpuMs: Map<StackProcess, number>, requests: number) =>
  (["runtime", "dev proxy"] as const).map((role) => {
    const ms = cpuMs.get(role);
    return ms === undefined || Number.isNaN(ms) ? "n/a" : (ms / requests).toFixed(2);
  });

const LADDER_REQUESTS = 2000;

/**
 * What each layer of the vote path costs the machine: the same load (32 connections) on requests that
 * stop at successive layers, with the runtime's and the dev proxy's CPU time per request. Explains the
 * votes/s figure above (ADR 010): every layer runs on the runtime's one thread.
 */
async function voteLayerCosts(
  ctx: { base: string; admin: string; processes: Map<StackProcess, number>; hot: string; used: string[] },
  voters: { id: string; token: string }[],
): Promise<string> {
  const { base, processes, hot } = ctx;
  const rows: (string | number)[][] = [];
  const step = async (
    label: string,
    make: (n: number) => Partial<autocannon.Request>,
    okStatus: number,
    settle?: () => Promise<void>,
  ) => {
    let n = 0;
    const cpu = cpuMeter(processes);
    const started = performance.now();
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      amount: LADDER_REQUESTS,
      requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, ...make(n++) }) }],
    });
    const seconds = (performance.now() - started) / 1000;
    const expected = okStatus === 200 ? result["2xx"] : (result.statusCodeStats?.[`${okStatus}`]?.count ?? 0);
    if (expected !== LADDER_REQUESTS) throw new Error(`${label}: ${LADDER_REQUESTS - expected} unexpected answers`);
    // The work the requests left behind (a vote's event, its flush and the consumer's writes), inside the CPU figure.
    await settle?.();
    rows.push([label, (LADDER_REQUESTS / seconds).toFixed(0), result.latency.p50, ...cpuCells(cpu(), LADDER_REQUESTS)]);
  };
  const auth = (voter: { token: string }) => ({
    authorization: `Bearer ${voter.token}`,
    "content-type": "application/json",
  });
  await step("gateway only: an unknown /api path (JSON 404, no storage)", () => ({ path: "/api/no-such-route" }), 404);
  await step("+ service binding to the votes worker (its JSON 404)", () => ({ path: "/api/votes/no-such" }), 404);
  await step(
    "gateway + token + principal read in D1 (GET /api/auth/verify)",
    (n) => ({ path: "/api/auth/verify", headers: auth(voters[n % voters.length] as { token: string }) }),
    200,
  );
  await step(
    "gateway + votes worker + ArticleVotes read, no token (GET /api/votes/counts/{id})",
    () => ({ path: `/api/votes/counts/${hot}` }),
    200,
  );
  // 40 voters of the run above, 50 repeats each (51 votes, under the limit of 100 per hour): their
  // limiters are running, and a repeat changes nothing, so no event is written.
  const repeaters = voters.slice(0, 40);
  await step(
    "a vote repeated by its voter (running limiter, no change, no event)",
    (n) => {
      const voter = repeaters[n % repeaters.length] as { id: string; token: string };
      return {
        method: "POST",
        path: "/api/votes/vote",
        headers: auth(voter),
        body: JSON.stringify({ articleId: hot, userId: voter.id, voteType: "upvote", voteCount: 1 }),
      };
    },
    200,
  );
  // A new vote as most are cast: by a voter who has voted before (their limiter window, their history
  // object and the article's object already exist), on an article new to them, until the queue has
  // recorded its event. The hot-article runs above are every voter's first vote (two new objects each).
  const articles = await articlesBesides(base, ctx.used);
  const perVoter = Math.min(articles.length, 90);
  const returning = voters.slice(repeaters.length, repeaters.length + Math.ceil(LADDER_REQUESTS / perVoter));
  const queueBefore = await queueStatus(base, ctx.admin);
  await step(
    "a new vote by a returning voter (an article new to them, until its event is recorded)",
    (n) => {
      const voter = returning[Math.floor(n / perVoter)] as { id: string; token: string };
      return {
        method: "POST",
        path: "/api/votes/vote",
        headers: auth(voter),
        body: JSON.stringify({ articleId: articles[n % perVoter], userId: voter.id, voteType: "upvote", voteCount: 1 }),
      };
    },
    200,
    () => queueDrained(base, ctx.admin, queueBefore, LADDER_REQUESTS),
  );
  return [
    `\n### What each layer of a vote costs this machine (${LADDER_REQUESTS} requests each, ${CONNECTIONS} connections)\n`,
    table(["request", "req/s", "p50 ms", ...CPU_HEAD], rows),
    "\nThe runtime is the one workerd thread that runs every worker, Durable Object, D1 database and queue of the local stack; the dev proxy is wrangler's own workerd in front of it. A new voter's vote (the run above) adds a row to their VoteLimiter bucket, the write and its event.",
  ].join("\n");
}

async function main() {
  const { dir: persistTo, where } = benchStateDir("unbiased-bench-votes-");
  console.log(`Votes: a fresh stack, ${where}`);
  await prepareStack({ persistTo, log: () => {} });
  const port = Number(process.env.BENCH_PORT ?? 8796);
  const stack = await startStack({ port, persistTo, requestLogs: false });
  try {
    console.log(await benchVotes(stack));
    await stack.stop();
    console.log(await benchHotObject({ persistTo, articleId: anyArticleId(persistTo), port }));
  } finally {
    await stack.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
