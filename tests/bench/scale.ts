#!/usr/bin/env tsx
// Cost that grows no faster than the work (ADR 022): the same reads timed on today's benchmark data and
// on ten times it, two fresh stacks running side by side, in one run. Every request is one the cache
// cannot answer (a signed-in or staff call, or a URL no one asked for before), so each reaches its store.
//
//   today: 10,000 articles, 1,000 users, 20,000 comments, 100,000 votes; 10×: 100,000, 10,000,
//   200,000 and 1,000,000. The votes are seeded as users' histories in D1's pre-ADR-022 table and moved
//   into the UserVotes objects by the votes worker's move call (scripts/move-vote-history.ts), with
//   the articles' counts made from them; the articles' own objects and the day logs of vote events
//   start empty (none of the timed reads opens them).
//
// Timed, REQUESTS sequential requests a read on each stack, in alternating rounds, after a warm-up:
// the feed page 1 by date and by popularity, a 1,731-comment thread signed in, a reader's voting
// history (theirs holds 1,000 votes), the review queue (staff), and search. The bound beside each is the issue's: p95 within 1.5× of today's, search 2×.
//   npx tsx tests/bench/scale.ts      (after `npm run build:web`; about 10 minutes, most of it seeding)
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeSqlFile, queryRows } from "../../scripts/d1-local.ts";
import { moveVoteHistory } from "../../scripts/move-vote-history.ts";
import { repoRoot } from "../../scripts/paths.ts";
import { insertSqlChunks } from "../../scripts/sql-text.ts";
import { prepareStack, startStack } from "../../scripts/stack.ts";
import type { SearchPagination } from "../../workers/shared/src/contracts/articles.ts";
import { slugify } from "../../workers/shared/src/contracts/paths.ts";
import { userArticleVotes, users } from "../../workers/shared/src/db/schema/index.ts";
import { seedCommentThread } from "./comments.ts";
import { percentile, table } from "./report.ts";
import { searchPath } from "./search-queries.ts";
import { devSignIn, modmeGateToken } from "./sign-in.ts";
import { benchStateDir } from "./state-dir.ts";

const PORT = Number(process.env.BENCH_PORT ?? 8795);
const TODAY = { articles: 10_000, users: 1_000, comments: 20_000, votes: 100_000 };
const FACTORS = [1, 10];
/** The thread the issue names: the size of the main bench's thread article on today's data. */
const THREAD_SIZE = 1_731;
const HEAVY_VOTER = { name: "Bench Heavy Voter", votes: 1_000 };
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 200);
const ROUNDS = 4;
const WARM_UP = 5;

interface Read {
  name: string;
  /** The bound on p95 at 10× ÷ p95 today. */
  bound: number;
  /** The `n`th request's path (the thread's article differs between the two seeds). */
  path: (n: number, threadArticleId: string) => string;
  auth?: "reader" | "staff";
  /** A short summary of one answer's body. */
  describe: (body: unknown) => string;
}

const feed = (sort: string) => (n: number) => `/api/articles?page=1&limit=20&sort=${sort}&period=all&n=${n}`;
const feedDetail = (body: unknown) => `${(body as { data: unknown[] }).data.length} cards`;

const READS: Read[] = [
  { name: "feed, page 1 by date", bound: 1.5, path: feed("date"), describe: feedDetail },
  { name: "feed, page 1 by popularity", bound: 1.5, path: feed("popularity"), describe: feedDetail },
  {
    name: `comment thread (${THREAD_SIZE} comments), signed in`,
    bound: 1.5,
    path: (_n, threadArticleId) => `/api/comments/article/${encodeURIComponent(threadArticleId)}`,
    auth: "reader",
    describe: (body) => `${(body as { data: { total: number } }).data.total} comments`,
  },
  {
    name: "a reader's voting history",
    bound: 1.5,
    path: () => "/api/votes/user/history",
    auth: "reader",
    describe: (body) => `${(body as { data: unknown[] }).data.length} recent votes shown`,
  },
  {
    name: "review queue (pending comments)",
    bound: 1.5,
    path: () => "/api/comments/admin/pending",
    auth: "staff",
    describe: (body) => `${(body as { data: { total: number } }).data.total} pending`,
  },
  {
    name: "search",
    bound: 2,
    path: searchPath,
    describe: (body) => {
      const { totalResults, totalCapped } = (body as { pagination: SearchPagination }).pagination;
      return `${totalResults}${totalCapped ? "+" : ""} matches`;
    },
  },
];

/** The reader whose history is timed: an account the dev sign-in finds by its name, with 1,000 votes. */
function seedHeavyVoter(persistTo: string): void {
  const now = Date.now();
  const id = "bench-heavy-voter";
  const voter: typeof users.$inferInsert = {
    id,
    email: `${slugify(HEAVY_VOTER.name)}@dev.unbiased247.example`,
    name: HEAVY_VOTER.name,
    role: "user",
    createdAt: now,
  };
  const articleIds = queryRows<{ id: string }>(`SELECT id FROM articles ORDER BY id LIMIT ${HEAVY_VOTER.votes}`, {
    persistTo,
  }).map((row) => row.id);
  const votes: (typeof userArticleVotes.$inferInsert)[] = articleIds.map((articleId, i) => ({
    userId: id,
    articleId,
    voteType: i % 4 === 0 ? "downvote" : "upvote",
    updatedAt: now - i * 60_000,
  }));
  const dir = mkdtempSync(join(tmpdir(), "unbiased-voter-"));
  try {
    const file = join(dir, "voter.sql");
    writeFileSync(file, [...insertSqlChunks(users, [voter]), ...insertSqlChunks(userArticleVotes, votes)].join("\n"));
    executeSqlFile(file, { persistTo });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A stack with `factor` × today's data, seeded and answering, its votes moved into the objects. */
interface LiveData {
  factor: number;
  base: string;
  threadArticleId: string;
  headers: Record<NonNullable<Read["auth"]>, Record<string, string>>;
  readySeconds: number;
  /** Round trips and D1's own times so far, and what the first answer held, per read. */
  samples: Map<string, { round: number[]; d1: number[]; detail: string }>;
  stop(): Promise<void>;
}

/** Seeds a fresh state folder (the stack stopped), then starts its stack on `port` and readies it. */
async function startWithData(factor: number, port: number, persistTo: string): Promise<LiveData> {
  const counts = Object.fromEntries(Object.entries(TODAY).map(([key, value]) => [key, value * factor]));
  const started = performance.now();
  console.log(`\n${factor}× data: ${JSON.stringify(counts)}…`);
  await prepareStack({ persistTo, log: () => {} });
  execFileSync(
    process.execPath,
    [
      join(repoRoot, "node_modules/tsx/dist/cli.mjs"),
      join(repoRoot, "scripts/seed.ts"),
      ...Object.entries(counts).flatMap(([key, value]) => [`--${key}`, String(value)]),
      "--persist-to",
      persistTo,
    ],
    { stdio: "inherit", cwd: repoRoot },
  );
  const threadArticleId = seedCommentThread(persistTo, THREAD_SIZE);
  seedHeavyVoter(persistTo);
  const stack = await startStack({ port, persistTo, requestLogs: false });
  try {
    const base = stack.url;
    const moved = await moveVoteHistory(base, await modmeGateToken(base, "admin", "Bench Admin"), {
      limit: 500,
      log: () => {},
      // No read measured here uses the authors' lists (the duplicate check does, on a new comment).
      authors: false,
    });
    const reader = await devSignIn(base, "user", HEAVY_VOTER.name);
    const staff = await modmeGateToken(base, "moderator");
    const readySeconds = (performance.now() - started) / 1000;
    console.log(`  ${moved.history} votes moved into the UserVotes objects; ready after ${readySeconds.toFixed(0)} s`);
    return {
      factor,
      base,
      threadArticleId,
      headers: {
        reader: { Authorization: `Bearer ${reader.token}` },
        staff: { Authorization: `Bearer ${staff}` },
      },
      readySeconds,
      samples: new Map(),
      stop: () => stack.stop(),
    };
  } catch (err) {
    await stack.stop();
    throw err;
  }
}

/** Requests `from` … `from + count - 1` of a read on one stack, sequentially; the first `warmUp` untimed. */
async function timeSlice(live: LiveData, read: Read, from: number, count: number, warmUp: number): Promise<void> {
  const sample = live.samples.get(read.name) ?? { round: [], d1: [], detail: "" };
  live.samples.set(read.name, sample);
  const headers = read.auth ? live.headers[read.auth] : {};
  for (let i = from - warmUp; i < from + count; i++) {
    const path = read.path(Math.max(i, 0), live.threadArticleId);
    const started = performance.now();
    const res = await fetch(live.base + path, { headers });
    const text = await res.text();
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
    if (!sample.detail) sample.detail = read.describe(JSON.parse(text));
    if (i < from) continue;
    sample.round.push(elapsed);
    const server = res.headers.get("Server-Timing")?.match(/db;dur=([\d.]+)/);
    if (server) sample.d1.push(Number(server[1]));
  }
}

/**
 * Both sizes on two stacks running side by side, each read timed in alternating rounds (today, 10×,
 * today, …) so a slow moment of the machine falls on both; then one table: p50 and p95 at each, the
 * ratio of the p95s and the bound.
 */
export async function benchScale(): Promise<string> {
  const folders = FACTORS.map((factor) => benchStateDir(`unbiased-scale-${factor}x-`));
  const live: LiveData[] = [];
  try {
    for (const [i, factor] of FACTORS.entries())
      live.push(await startWithData(factor, PORT - 10 * i, (folders[i] as { dir: string }).dir));
    const perRound = Math.ceil(REQUESTS / ROUNDS);
    for (const read of READS)
      for (let round = 0; round < ROUNDS; round++)
        for (const stack of live) await timeSlice(stack, read, round * perRound, perRound, round === 0 ? WARM_UP : 0);
  } finally {
    await Promise.all(live.map((stack) => stack.stop()));
    for (const { dir } of folders) rmSync(dir, { recursive: true, force: true });
  }
  const [today, scaled] = live as [LiveData, LiveData];
  const ms = (value: number) => (Number.isNaN(value) ? "—" : value.toFixed(1));
  const rows = READS.map((read) => {
    const a = today.samples.get(read.name);
    const b = scaled.samples.get(read.name);
    if (!a || !b) throw new Error(`${read.name} was not timed`);
    const ratio = percentile(b.round, 95) / percentile(a.round, 95);
    return [
      read.name,
      `${ms(percentile(a.round, 50))} / ${ms(percentile(a.round, 95))}`,
      `${ms(percentile(b.round, 50))} / ${ms(percentile(b.round, 95))}`,
      ratio.toFixed(2),
      `${read.bound}×${ratio <= read.bound ? "" : " **over**"}`,
      `${ms(percentile(a.d1, 95))} → ${ms(percentile(b.d1, 95))}`,
      `${a.detail} → ${b.detail}`,
    ];
  });
  return [
    `### Cost against the data: today's benchmark data and ${scaled.factor}× it (${REQUESTS} sequential requests a read on each, in ${ROUNDS} alternating rounds, none from a cache; ${folders[0]?.where})\n`,
    `Today: ${TODAY.articles.toLocaleString("en")} articles, ${TODAY.users.toLocaleString("en")} users, ${TODAY.comments.toLocaleString("en")} comments, ${TODAY.votes.toLocaleString("en")} votes; the second stack holds ${scaled.factor}× each. Seeded and ready after ${today.readySeconds.toFixed(0)} s and ${scaled.readySeconds.toFixed(0)} s.\n`,
    table(
      [
        "read",
        "today p50 / p95 ms",
        `${scaled.factor}× p50 / p95 ms`,
        "p95 ratio",
        "bound",
        "D1 p95 ms (Server-Timing)",
        "what it answered",
      ],
      rows,
    ),
  ].join("\n");
}

const { pathToFileURL } = await import("node:url");
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) console.log(await benchScale());
