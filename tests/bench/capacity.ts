#!/usr/bin/env tsx
import { execFileSync } from "node:child_process";
// The capacity model (issue "past one D1 database"): what each operation costs in D1 rows and stored
// bytes, measured on the real local stack, and where that leads at 1 M and 10 M readers a day.
// `npx tsx tests/bench/capacity.ts` (also the last part of `npm run bench`) starts its own stack with
// 1,000 seeded articles, drives each operation through the public API, and writes docs/capacity.md.
//   - D1 rows: every unit of work (request, queue batch, alarm, cron, RPC call) logs the rows D1's
//     result meta reported for its queries (workers/shared/src/db/row-meter.ts); an operation's figure
//     is the sum over every log line it caused, queue consumers and alarms included, divided by how
//     many times it ran. Reads D1 gives no meta for (Drizzle's selects of named columns) are counted
//     as the rows they returned, a lower bound, in their own column.
//   - Bytes: SQLite's dbstat (payload of every table and index) of the D1 database and of every
//     Durable Object's storage, before and after, divided the same way.
// Between operations the bench waits until the stack's log has been quiet for a while (the votes
// outbox alarm and the queues' batch timeouts are all under a second), so nothing of one operation is
// counted under the next.
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { stripVTControlCharacters } from "node:util";
import { LOCAL_MODME_PASSWORD } from "../../scripts/dev-vars.ts";
import { repoRoot } from "../../scripts/paths.ts";
import { prepareStack, startStack } from "../../scripts/stack.ts";
import {
  ENDED_SESSION_RETENTION_DAYS,
  REFRESH_COOKIE,
  SESSION_TTL_DAYS,
} from "../../workers/shared/src/contracts/auth.ts";
import { INBOX_MAX_ENTRIES } from "../../workers/shared/src/contracts/inbox.ts";
import { APPROVED_TAB_DAYS } from "../../workers/shared/src/contracts/moderation.ts";
import { REVIEWED_REPORT_DAYS } from "../../workers/shared/src/contracts/reports.ts";
import { SAVED_ARTICLES_MAX } from "../../workers/shared/src/contracts/saved.ts";
import { VOTE_LOG_SHARDS } from "../../workers/shared/src/contracts/votes.ts";
import { ADDRESS_LIMITER_BUCKETS, RATE_LIMITS } from "../../workers/shared/src/limits/config.ts";
import { table } from "./report.ts";
import { benchStateDir } from "./state-dir.ts";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const ARTICLES = 1000;
const VOTERS = 1000;
/** Token refreshes measured: under the refresh limit of one address (RATE_LIMITS.refresh, 120 a window). */
const REFRESHES = 100;
const DAY_MS = 86_400_000;
const PARALLEL = 16;
/** The log must be this quiet before an operation's figures are read. */
const QUIET_MS = 2500;
const OUTPUT = join(repoRoot, "docs/capacity.md");

interface Rows {
  read: number;
  written: number;
  returned: number;
}

interface Measured extends Rows {
  operation: string;
  count: number;
  /** Bytes added per operation to the D1 database, by table. */
  d1Bytes: Map<string, number>;
  /** Bytes added per operation to each Durable Object class's storage (every object summed). */
  objectBytes: Map<string, number>;
  /** Rows written per operation, by the unit of work that wrote them (route, queue, alarm…). */
  writtenBy: Map<string, number>;
  /** Rows read per operation, by the unit of work that read them. */
  readBy: Map<string, number>;
}

// ---- the stack's log -------------------------------------------------------------------------

function jsonLines(text: string): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  for (const raw of text.split("\n")) {
    const line = stripVTControlCharacters(raw);
    const start = line.indexOf('{"level"');
    if (start < 0) continue;
    try {
      lines.push(JSON.parse(line.slice(start).trimEnd()) as Record<string, unknown>);
    } catch {
      // A line wrangler cut or coloured: not one of the workers' own.
    }
  }
  return lines;
}

const unitName = (line: Record<string, unknown>): string =>
  line.msg === "request"
    ? `${line.worker} ${line.method} ${line.route}`
    : `${line.task}${line.queue ? ` ${line.queue}` : ""}${line.call ? ` ${line.call}` : ""}${line.object ? ` ${line.object}` : ""}`;

function sumRows(lines: Record<string, unknown>[]) {
  const total = {
    read: 0,
    written: 0,
    returned: 0,
    writtenBy: new Map<string, number>(),
    readBy: new Map<string, number>(),
  };
  const addTo = (map: Map<string, number>, key: string, n: number) => {
    if (n > 0) map.set(key, (map.get(key) ?? 0) + n);
  };
  for (const line of lines) {
    const written = Number(line.d1RowsWritten ?? 0);
    const read = Number(line.d1RowsRead ?? 0);
    total.read += read;
    total.written += written;
    total.returned += Number(line.d1RowsReturned ?? 0);
    addTo(total.writtenBy, unitName(line), written);
    addTo(total.readBy, unitName(line), read);
  }
  return total;
}

/** Resolves once the log has not grown for QUIET_MS (polling its size: nothing to wait on instead). */
async function quiet(logFile: string): Promise<void> {
  let size = statSync(logFile).size;
  let since = Date.now();
  while (Date.now() - since < QUIET_MS) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = statSync(logFile).size;
    if (now !== size) {
      size = now;
      since = Date.now();
    }
  }
}

// ---- stored bytes ------------------------------------------------------------------------------

/**
 * Indexes whose entries are purged apart from their table's rows (a partial index whose condition a
 * cron ends): counted under their own name, so KEPT_DAYS can say how long their entries stay.
 */
const INDEXES_PURGED_APART = ["comments_approved_tab_idx"];

/** Payload bytes of every table, its indexes counted with it (dbstat), but for INDEXES_PURGED_APART. */
function payloadByTable(file: string): Map<string, number> {
  // The stack may be writing (an object's alarm, a queue batch): wait for its lock rather than fail.
  const db = new DatabaseSync(file, { readOnly: true, timeout: 10_000 });
  try {
    const rows = db
      .prepare(
        `SELECT CASE WHEN d.name IN (SELECT value FROM json_each(?)) THEN d.name ELSE coalesce(m.tbl_name, d.name) END
           AS owner, sum(d.payload) AS bytes
         FROM dbstat d LEFT JOIN sqlite_master m ON m.name = d.name GROUP BY owner`,
      )
      .all(JSON.stringify(INDEXES_PURGED_APART)) as { owner: string; bytes: number }[];
    return new Map(rows.map((r) => [r.owner, r.bytes]));
  } finally {
    db.close();
  }
}

const sqliteFiles = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite") : [];

interface Stores {
  d1: Map<string, number>;
  objects: Map<string, number>;
}

function storedBytes(persistTo: string): Stores {
  const d1Dir = join(persistTo, "v3/d1/miniflare-D1DatabaseObject");
  const [d1File] = sqliteFiles(d1Dir);
  if (!d1File) throw new Error(`no D1 database under ${d1Dir}`);
  const objects = new Map<string, number>();
  const doDir = join(persistTo, "v3/do");
  for (const cls of existsSync(doDir) ? readdirSync(doDir) : []) {
    let bytes = 0;
    for (const file of sqliteFiles(join(doDir, cls)))
      for (const b of payloadByTable(join(doDir, cls, file)).values()) bytes += b;
    objects.set(cls.replace(/^unbiased-[a-z]+-/, ""), bytes);
  }
  return { d1: payloadByTable(join(d1Dir, d1File)), objects };
}

function grown(before: Map<string, number>, after: Map<string, number>, count: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, bytes] of after) {
    const added = (bytes - (before.get(key) ?? 0)) / count;
    if (Math.abs(added) >= 0.5) out.set(key, added);
  }
  return out;
}

// ---- the API -----------------------------------------------------------------------------------

interface Reader {
  id: string;
  token: string;
}

async function call<T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (res.headers.get("content-type") ?? "").includes("json") ? ((await res.json()) as T) : (undefined as T);
}

/** The development sign-in of the account of that name, for its refresh cookie (`name=value`). */
async function signInForCookie(base: string, name: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/dev`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ role: "user", name }),
  });
  if (!res.ok) throw new Error(`POST /api/auth/dev: ${res.status} ${(await res.text()).slice(0, 300)}`);
  const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${REFRESH_COOKIE}=`));
  if (!cookie) throw new Error("the development sign-in set no refresh cookie");
  return cookie.split(";")[0] as string;
}

/** One refresh or sign-out as the app makes it: the refresh cookie, a JSON POST. */
async function withCookie(base: string, path: "/api/auth/refresh" | "/api/auth/logout", cookie: string): Promise<void> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: "{}",
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
}

/** `work` for each item, PARALLEL at a time. */
async function each<T>(items: T[], work: (item: T, index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}

// ---- the model ---------------------------------------------------------------------------------

/**
 * A comment vote by a voter who has voted before, in a thread that has votes, and an author's next
 * comment in the same thread: measured for the objects' growth only (not in the mix, whose comment votes
 * and comments are all counted at a first one's cost).
 */
const LATER_COMMENT_VOTE = "comment vote (the voter's next, in a voted thread)";
const LATER_COMMENT = "comment (the author's next, in the same thread)";
/** A user's reputation row, made by their first change (ADR 022 step 27); in the mix once per new account. */
const FIRST_REPUTATION = "an account's first reputation change (a moderator's +1)";

/**
 * What one reader does on an average day (the assumed traffic mix): one article vote (most new, some
 * changed or taken back), a comment every ten days, a few comment votes, rarely a report or a
 * deletion, a sign-in every five days (a new session of an account they have), one new account a day
 * per thousand readers, and ten page views of which one misses the edge cache.
 */
const DAILY_MIX: Record<string, number> = {
  "sign-in (a new account)": 0.001,
  "sign-in (an existing account)": 0.05,
  // The access token lasts 15 minutes: a reader's app refreshes it on each visit after that, and every
  // 15 minutes while it stays (spec §4), each refresh rotating the session's refresh token.
  "token refresh": 2,
  // About a fifth of sessions end by signing out; the rest reach the 7-day idle timeout.
  "sign-out": 0.01,
  "new vote": 0.8,
  "vote change": 0.1,
  "vote removal": 0.1,
  comment: 0.1,
  "comment vote": 0.3,
  report: 0.005,
  // A reader keeps a story for later now and then (docs/decisions/025-saved-articles.md).
  "save an article": 0.1,
  // A reply that becomes visible tells its parent's author (docs/decisions/026-inbox.md): about a third
  // of comments are replies.
  "reply approved (its inbox entry)": 0.03,
  // A user's reputation row comes with their first reputation change (ADR 022 step 27); the model counts
  // one for every new account, as if every reader came to earn some (an upper bound).
  [FIRST_REPUTATION]: 0.001,
  "page view (cache miss)": 1,
  "page view (cache hit)": 9,
  "account deletion": 0.0002,
};

/** Tables whose rows are purged after a while: their size stops growing at this many days of traffic. */
const KEPT_DAYS: Record<string, number> = {
  vote_events: 30,
  queue_jobs: 2,
  rate_limits: 1,
  // Sessions D1 kept from before the UserSessions objects (none is written now): a session ends at
  // its absolute end at the latest, and the daily cron deletes it some days after.
  sessions: SESSION_TTL_DAYS + ENDED_SESSION_RETENTION_DAYS,
  // A session ended early is listed until its absolute end at the latest.
  ended_sessions: SESSION_TTL_DAYS,
  // ModMe's Approved tab: an approval's entry until the cron takes it off, its days after.
  comments_approved_tab_idx: APPROVED_TAB_DAYS,
  // A report is deleted its days after it was filed and reviewed; the model takes a day to review it.
  comment_reports: REVIEWED_REPORT_DAYS + 1,
};

/** Published prices, Workers Paid (developers.cloudflare.com D1 and Durable Objects pricing, read 2026-11-28). */
const PRICES = {
  d1RowsReadPerMillion: 0.001,
  d1RowsReadIncludedPerMonth: 25e9,
  d1RowsWrittenPerMillion: 1.0,
  d1RowsWrittenIncludedPerMonth: 50e6,
  storagePerGbMonth: { d1: 0.75, objects: 0.2 },
  storageIncludedGb: 5,
};
const D1_LIMIT_BYTES = 10e9;
const OBJECT_LIMIT_BYTES = 10e9;
const MODEL_YEARS = 3;

/**
 * How the largest object of each Durable Object class grows, from the bytes an operation adds to the
 * class (all objects summed) and what one object of it holds (workers/votes/src/durable/,
 * workers/api/src/durable/): the assumptions are stated in the table's note.
 */
const OBJECT_SCOPES: Record<
  string,
  {
    holds: string;
    /** The operation whose bytes the object grows by ("new vote" when not said). */
    per?: string;
    /** The operation whose daily count drives it, when not `per` itself. */
    countedAs?: string;
    largest: (perOperation: number, operationsPerDay: number) => number;
    /** A second operation that grows the same object, added to the first's figure. */
    also?: { per: string; countedAs?: string; largest: (perOperation: number, operationsPerDay: number) => number };
  }
> = {
  ArticleVotes: {
    holds: "one article's votes (a row per voter)",
    // The hottest article: a tenth of a day's votes, every day for a week, all from new voters.
    largest: (perVote, votesPerDay) => perVote * votesPerDay * 0.1 * 7,
  },
  UserVotes: {
    holds: "one user's current votes (a row per article)",
    // The busiest voter: the rate limit's 100 votes an hour, every hour, for the whole period.
    largest: (perVote) => perVote * 100 * 24 * 365 * MODEL_YEARS,
  },
  VoteLog: {
    holds: "one UTC day's events of one shard (no new day's events come in after it)",
    largest: (perVote, votesPerDay) => (perVote * votesPerDay) / VOTE_LOG_SHARDS,
  },
  VoteLimiter: {
    holds: "one of 64 buckets of users: their windows and the articles they voted on, 30 days",
    largest: (perVote, votesPerDay) => (perVote * votesPerDay * 30) / 64,
  },
  ArticleThread: {
    holds: "one article's comment votes (a row per comment and voter), each comment's counts and its text",
    per: LATER_COMMENT_VOTE,
    countedAs: "comment vote",
    // The hottest thread: a tenth of a day's comment votes, every day for a week, all from new voters,
    // and a tenth of a day's comments over the same week.
    largest: (perVote, votesPerDay) => perVote * votesPerDay * 0.1 * 7,
    also: {
      per: LATER_COMMENT,
      countedAs: "comment",
      largest: (perComment, commentsPerDay) => perComment * commentsPerDay * 0.1 * 7,
    },
  },
  UserCommentVotes: {
    holds: "one user's comment votes (a row per comment), the articles they voted in and the list of their comments",
    per: LATER_COMMENT_VOTE,
    // The busiest voter: the hourly limit's 300 comment votes, every hour, for the whole period; and as
    // an author, the comment and reply limits' posts every hour for the whole period.
    largest: (perVote) => perVote * RATE_LIMITS.commentVotesPerHour.limit * 24 * 365 * MODEL_YEARS,
    also: {
      per: LATER_COMMENT,
      largest: (perComment) =>
        perComment * (RATE_LIMITS.comments.limit + RATE_LIMITS.replies.limit) * 24 * 365 * MODEL_YEARS,
    },
  },
  ReputationHistory: {
    holds:
      "one user's reputation history (the votes received one entry a day) and the newest change taken from each thread",
    per: "comment vote",
    // A user whose comments receive votes every day for the whole period, each day's entry at the cost
    // of a first vote (which includes a new object's tables: an over-estimate).
    largest: (perVote) => perVote * 365 * MODEL_YEARS,
  },
  // The readers' own lists are capped. Every save measured is a new reader's first (its bytes include
  // the object's own tables: an over-estimate); the inbox entries measured land in inboxes that exist
  // (their parents' authors had one from the unmeasured first replies), so they are an entry's own.
  SavedArticles: {
    holds: `one reader's saved articles (at most ${SAVED_ARTICLES_MAX.toLocaleString("en-US")})`,
    per: "save an article",
    largest: (perSave) => perSave * SAVED_ARTICLES_MAX,
  },
  Inbox: {
    holds: `one reader's inbox (at most ${INBOX_MAX_ENTRIES} entries)`,
    per: "reply approved (its inbox entry)",
    largest: (perEntry) => perEntry * INBOX_MAX_ENTRIES,
  },
  ModerationLogMonth: {
    holds: "one UTC month's moderation log entries (no new month's entries come in after it)",
    per: "reply approved (its inbox entry)",
    // Every entry of a 31-day month: the approvals', and the reputation adjustments' by which the model
    // makes an account's first change.
    largest: (perEntry, entriesPerDay) => perEntry * entriesPerDay * 31,
    also: { per: FIRST_REPUTATION, largest: (perEntry, entriesPerDay) => perEntry * entriesPerDay * 31 },
  },
  AddressLimiter: {
    holds: "one of 64 buckets of client addresses: their live token-refresh windows",
    per: "token refresh",
    // The measured refreshes all come from one address: its window's bytes are a refresh's times their
    // number. Every refresh of a window's length from a new address (an over-estimate), over the buckets.
    largest: (perRefresh, refreshesPerDay) =>
      (perRefresh * REFRESHES * refreshesPerDay * (RATE_LIMITS.refresh.windowMs / DAY_MS)) / ADDRESS_LIMITER_BUCKETS,
  },
  UserSessions: {
    holds: "one user's sessions, until 30 days after each ended",
    per: "sign-in (an existing account)",
    // The busiest user: a new session every 15 minutes, each kept its longest (its 30 days, then 30 more).
    largest: (perSignIn) => perSignIn * 4 * 24 * (SESSION_TTL_DAYS + ENDED_SESSION_RETENTION_DAYS),
  },
};

const fmt = (n: number, digits = 1) =>
  Math.abs(n) >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(digits).replace(/\.0$/, "");
/** Bytes as GB, or as MB under a tenth of a GB (where a GB figure would read 0.0). */
const gb = (bytes: number) =>
  Math.abs(bytes) < 1e8 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e9).toFixed(bytes >= 1e10 ? 0 : 1)} GB`;

function projection(results: Measured[], readersPerDay: number) {
  const per = (pick: (m: Measured) => number) =>
    results.reduce((sum, m) => sum + (DAILY_MIX[m.operation] ?? 0) * readersPerDay * pick(m), 0);
  const rowsRead = per((m) => m.read + m.returned) * 30;
  const rowsWritten = per((m) => m.written) * 30;
  const tables = new Set(results.flatMap((m) => [...m.d1Bytes.keys()]));
  let keptBytes = 0;
  let growingPerDay = 0;
  for (const t of tables) {
    const daily = per((m) => m.d1Bytes.get(t) ?? 0);
    if (KEPT_DAYS[t]) keptBytes += Math.max(daily, 0) * (KEPT_DAYS[t] ?? 0);
    else growingPerDay += daily;
  }
  const objectsPerDay = per((m) => [...m.objectBytes.values()].reduce((a, b) => a + b, 0));
  const d1AfterMonth = keptBytes + growingPerDay * 30;
  const cost =
    (Math.max(rowsRead - PRICES.d1RowsReadIncludedPerMonth, 0) / 1e6) * PRICES.d1RowsReadPerMillion +
    (Math.max(rowsWritten - PRICES.d1RowsWrittenIncludedPerMonth, 0) / 1e6) * PRICES.d1RowsWrittenPerMillion;
  const halfD1Days = growingPerDay > 0 ? (D1_LIMIT_BYTES / 2 - keptBytes) / growingPerDay : Number.POSITIVE_INFINITY;
  return { rowsRead, rowsWritten, keptBytes, growingPerDay, objectsPerDay, d1AfterMonth, cost, halfD1Days };
}

/** The largest object of each class at 10 M readers a day, against half an object's limit. */
function objectsTable(results: Measured[]): string {
  const readers = 1e7;
  const rows = Object.entries(OBJECT_SCOPES).flatMap(([cls, scope]) => {
    const operation = scope.per ?? "new vote";
    const measured = results.find((m) => m.operation === operation);
    if (!measured) return [];
    const perOperation = measured.objectBytes.get(cls) ?? 0;
    const also = scope.also;
    const perAlso = (also && results.find((m) => m.operation === also.per)?.objectBytes.get(cls)) ?? 0;
    const largest =
      scope.largest(perOperation, readers * (DAILY_MIX[scope.countedAs ?? operation] ?? 0)) +
      (also ? also.largest(perAlso, readers * (DAILY_MIX[also.countedAs ?? also.per] ?? 0)) : 0);
    return [
      [
        cls,
        scope.holds,
        `${fmt(perOperation)} (${operation})${also ? `, ${fmt(perAlso)} (${also.per})` : ""}`,
        gb(largest),
        largest < OBJECT_LIMIT_BYTES / 2 ? "never" : "past it",
      ],
    ];
  });
  return `### The largest Durable Object of each class, at 10 M readers a day

Bytes an operation adds to the class (every object summed, measured above), and what its largest object
holds after ${MODEL_YEARS} years or at its bound: ArticleVotes, the hottest article drawing a tenth of a day's new votes every
day for a week; UserVotes, a voter at the rate limit (100 an hour) every hour for ${MODEL_YEARS} years; VoteLog, one
day's votes over ${VOTE_LOG_SHARDS} shards (a day's object takes no events after it); VoteLimiter, 30 days of votes
over 64 buckets; SavedArticles and Inbox, a reader's list at its cap (a save at a first save's bytes, with its
object's own tables; an inbox entry at an entry's own bytes); UserSessions, a user opening a new session every 15 minutes, each kept
${SESSION_TTL_DAYS + ENDED_SESSION_RETENTION_DAYS} days; ArticleThread, the hottest thread drawing a tenth of a day's comment votes and of its comments every day
for a week (each comment at the bytes of an author's next comment in the thread); UserCommentVotes, a voter at the hourly limit (${RATE_LIMITS.commentVotesPerHour.limit}) every hour for ${MODEL_YEARS} years, who also posts
the comment and reply limits' ${RATE_LIMITS.comments.limit + RATE_LIMITS.replies.limit} an hour (both by the bytes of a
voter's later vote in a thread with votes, and of an author's next comment, without a new object's tables); ReputationHistory, a user whose comments
receive votes every day for ${MODEL_YEARS} years, each day at a first comment vote's bytes (its other entries, an approval's or an
adjustment's, are bounded by the comment limit as the votes' are by days); ModerationLogMonth, a 31-day month of the
mix's logged operations (the approvals and the first reputation changes), each at its own bytes; AddressLimiter, a refresh window's length (15
minutes) of refreshes, each from a new address with a window of its own, over the buckets. An object holds 10 GB.

${table(["class", "one object holds", "bytes an operation adds", "largest object", "at half its limit"], rows)}`;
}

function report(results: Measured[], setup: string): string {
  const byOp = results.map((m) => {
    const top = [...m.d1Bytes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
    const busiest = (map: Map<string, number>) =>
      [...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([w, n]) => `${w}: ${fmt(n)}`)
        .join("; ") || "—";
    const objects = [...m.objectBytes.entries()].map(([k, v]) => `${k} ${fmt(v)}`).join(", ");
    return [
      m.operation,
      m.count,
      fmt(m.read),
      fmt(m.returned),
      fmt(m.written),
      fmt([...m.d1Bytes.values()].reduce((a, b) => a + b, 0)),
      top.map(([t, b]) => `${t} ${fmt(b)}`).join(", ") || "—",
      objects || "—",
      busiest(m.writtenBy),
      busiest(m.readBy),
    ];
  });
  const mix = Object.entries(DAILY_MIX)
    .map(([op, n]) => `${op} ${n}`)
    .join(", ");
  const projections = [1e6, 1e7].map((readers) => {
    const p = projection(results, readers);
    const years = p.halfD1Days / 365;
    return [
      `${readers / 1e6} M`,
      `${fmt(p.rowsRead / 1e9)} G`,
      `${fmt(p.rowsWritten / 1e6)} M`,
      `$${fmt(p.cost, 0)}`,
      gb(p.keptBytes),
      `${fmt(p.growingPerDay / 1e6)} MB`,
      p.keptBytes >= D1_LIMIT_BYTES / 2
        ? "past it from the purged tables alone"
        : Number.isFinite(p.halfD1Days)
          ? `day ${fmt(p.halfD1Days, 0)} (${years.toFixed(1)} years)`
          : "never",
      `${fmt(p.objectsPerDay / 1e6)} MB`,
    ];
  });
  return `# Capacity model

Generated by \`npx tsx tests/bench/capacity.ts\` (the last part of \`npm run bench\`); do not edit by hand.
${setup}

## Per operation

D1 rows as D1's result meta reports them, summed over every unit of work the operation caused (the
request, the queue batches, the Durable Objects' alarms), per operation. "Returned" counts rows of
reads D1 gives no meta for (a lower bound of what they read). Bytes are SQLite payload (tables and
their indexes), per operation; Durable Object bytes are summed over every object of the class.

${table(
  [
    "operation",
    "runs",
    "D1 rows read",
    "D1 rows returned (no meta)",
    "D1 rows written",
    "D1 bytes added",
    "largest D1 tables (bytes)",
    "Durable Object bytes",
    "rows written by",
    "rows read by",
  ],
  byOp,
)}

## Projection

Traffic mix per reader per day: ${mix}. Tables (and partial indexes) purged after a while stop growing at that many days of
traffic (${Object.entries(KEPT_DAYS)
    .map(([t, d]) => `${t} ${d} days`)
    .join(", ")}); the others grow for ever. Cost is D1's rows beyond the Workers Paid inclusions at
$${PRICES.d1RowsReadPerMillion} per million read and $${PRICES.d1RowsWrittenPerMillion} per million written (storage:
$${PRICES.storagePerGbMonth.d1}/GB-month for D1, $${PRICES.storagePerGbMonth.objects}/GB-month for Durable Objects, beyond ${PRICES.storageIncludedGb} GB; prices
as published on developers.cloudflare.com, read 2026-11-28). One D1 database holds 10 GB; half of it is
the line no store may pass.

${objectsTable(results)}

${table(
  [
    "readers a day",
    "D1 rows read a month",
    "D1 rows written a month",
    "D1 rows cost a month",
    "D1 purged tables at steady state",
    "D1 growth a day",
    "the one D1 database at half its limit",
    "Durable Object storage growth a day",
  ],
  projections,
)}
`;
}

// ---- the run -----------------------------------------------------------------------------------

/** Measures every operation on a stack of its own and writes docs/capacity.md. */
export async function benchCapacity(): Promise<void> {
  const { dir: persistTo, where } = benchStateDir("unbiased-capacity-");
  const logFile = join(persistTo, "stack.log");
  console.log(`Capacity: a fresh stack (${where}), ${ARTICLES} seeded articles…`);
  await prepareStack({ persistTo, log: () => {} });
  execFileSync(
    process.execPath,
    [
      join(repoRoot, "node_modules/tsx/dist/cli.mjs"),
      join(repoRoot, "scripts/seed.ts"),
      ...["--articles", String(ARTICLES), "--users", "50", "--comments", "2000", "--persist-to", persistTo],
    ],
    { stdio: "inherit", cwd: repoRoot },
  );
  writeFileSync(logFile, "");
  const stack = await startStack({ port: PORT, persistTo, logFile, log: () => {} });
  const base = stack.url;
  const results: Measured[] = [];
  const measure = async (operation: string, count: number, work: () => Promise<void>) => {
    await quiet(logFile);
    const before = storedBytes(persistTo);
    const offset = statSync(logFile).size;
    appendFileSync(logFile, `[capacity] ${operation} begins\n`);
    await work();
    await quiet(logFile);
    const after = storedBytes(persistTo);
    const rows = sumRows(jsonLines(readFileSync(logFile, "utf8").slice(offset)));
    const per = (n: number) => n / count;
    results.push({
      operation,
      count,
      read: per(rows.read),
      written: per(rows.written),
      returned: per(rows.returned),
      d1Bytes: grown(before.d1, after.d1, count),
      objectBytes: grown(before.objects, after.objects, count),
      writtenBy: new Map([...rows.writtenBy].map(([k, v]) => [k, per(v)])),
      readBy: new Map([...rows.readBy].map(([k, v]) => [k, per(v)])),
    });
    console.log(`  ${operation}: ${count} runs, ${per(rows.written).toFixed(1)} D1 rows written each`);
  };
  try {
    const d1Dir = join(persistTo, "v3/d1/miniflare-D1DatabaseObject");
    const d1 = new DatabaseSync(join(d1Dir, sqliteFiles(d1Dir)[0] ?? ""), { readOnly: true });
    const articleIds = (
      d1.prepare("SELECT id FROM articles WHERE status = 'visible' ORDER BY id LIMIT ?").all(ARTICLES) as {
        id: string;
      }[]
    ).map((r) => r.id);
    const commentIds = (
      d1.prepare("SELECT id FROM comments WHERE status = 'approved' ORDER BY id LIMIT 600").all() as { id: string }[]
    ).map((r) => r.id);
    d1.close();
    if (articleIds.length < ARTICLES || commentIds.length < 600) throw new Error("the seed made too few rows");
    const article = (i: number) => articleIds[i % articleIds.length] as string;

    const readers: Reader[] = new Array(VOTERS);
    await measure("sign-in (a new account)", VOTERS, () =>
      each(readers, async (_, i) => {
        const { data } = await call<{ data: { user: { id: string }; token: string } }>(base, "POST", "/api/auth/dev", {
          role: "user",
          name: `Capacity Reader ${i}`,
        });
        readers[i] = { id: data.user.id, token: data.token };
      }),
    );
    // The same readers again: the development sign-in gives a name its account back, with a new session.
    const refreshCookies: string[] = new Array(VOTERS);
    await measure("sign-in (an existing account)", VOTERS, () =>
      each(readers, async (_, i) => {
        refreshCookies[i] = await signInForCookie(base, `Capacity Reader ${i}`);
      }),
    );
    // As many as the refresh limit lets one address make in its window (every call here comes from one).
    const refreshing = refreshCookies.slice(0, REFRESHES);
    await measure("token refresh", refreshing.length, () =>
      each(refreshing, (cookie) => withCookie(base, "/api/auth/refresh", cookie)),
    );
    // Sessions not refreshed above, signed out with their cookie.
    const leavingSessions = refreshCookies.slice(REFRESHES, 2 * REFRESHES);
    await measure("sign-out", leavingSessions.length, () =>
      each(leavingSessions, (cookie) => withCookie(base, "/api/auth/logout", cookie)),
    );
    const vote = (r: Reader, i: number, voteType: string) =>
      call(base, "POST", "/api/votes/vote", { articleId: article(i), userId: r.id, voteType }, r.token);
    // Unmeasured: every article's object exists before the new votes are counted (an object's own
    // tables cost about a kilobyte once per article, which is not a cost of each vote).
    await each(readers, (r, i) => vote(r, i + ARTICLES / 2, "upvote"));
    await measure("new vote", VOTERS, () => each(readers, (r, i) => vote(r, i, "upvote")));
    const changers = readers.slice(0, 500);
    await measure("vote change", changers.length, () => each(changers, (r, i) => vote(r, i, "downvote")));
    const removers = readers.slice(500, 800);
    await measure("vote removal", removers.length, () =>
      each(removers, (r, i) => call(base, "DELETE", `/api/votes/vote/${article(i + 500)}`, undefined, r.token)),
    );
    const commenters = readers.slice(0, 300);
    const content = "A measured comment of about three hundred characters. ".repeat(6).slice(0, 300);
    await measure("comment", commenters.length, () =>
      each(commenters, (r, i) => call(base, "POST", `/api/comments/article/${article(i * 3)}`, { content }, r.token)),
    );
    // The same authors again, in the same threads: objects that exist already, so these bytes are a
    // comment's own (what a busy thread or author grows by); not in the traffic mix.
    await measure(LATER_COMMENT, commenters.length, () =>
      each(commenters, (r, i) =>
        call(
          base,
          "POST",
          `/api/comments/article/${article(i * 3)}`,
          { content: `${content.slice(0, 290)} again` },
          r.token,
        ),
      ),
    );
    await measure("comment vote", 300, () =>
      each(readers.slice(300, 600), (r, i) =>
        call(base, "POST", `/api/comments/${commentIds[i]}/vote`, { voteType: "upvote" }, r.token),
      ),
    );
    // The same voters again, each on the comment the next one voted on: objects that exist already, so
    // these bytes are a vote's own, without a new object's tables (what a busy thread or voter grows by).
    await measure(LATER_COMMENT_VOTE, 300, () =>
      each(readers.slice(300, 600), (r, i) =>
        call(base, "POST", `/api/comments/${commentIds[(i + 1) % 300]}/vote`, { voteType: "upvote" }, r.token),
      ),
    );
    await measure("report", 100, () =>
      each(readers.slice(600, 700), (r, i) =>
        call(
          base,
          "POST",
          `/api/comments/${commentIds[300 + i]}/report`,
          { reason: "Capacity model: a report of this comment" },
          r.token,
        ),
      ),
    );
    // Each reader's SavedArticles object: one per saver, so every save here is a new reader's first.
    await measure("save an article", 300, () =>
      each(readers.slice(0, 300), (r, i) =>
        call(base, "PUT", `/api/auth/me/saved/${article(i * 7)}`, undefined, r.token),
      ),
    );
    // Replies by other readers, waiting for a moderator (a new reader's comment is pre-moderated); the
    // approval writes the reply's inbox entry, which travels the inbox queue to its parent's author's
    // Inbox object.
    const gateToken = async (role: "moderator" | "admin", name: string) => {
      const staff = await call<{ data: { token: string } }>(base, "POST", "/api/auth/dev", { role, name });
      const gate = await call<{ data: { adminToken: string } }>(
        base,
        "POST",
        "/api/auth/modme",
        { password: LOCAL_MODME_PASSWORD },
        staff.data.token,
      );
      return gate.data.adminToken;
    };
    const moderatorToken = await gateToken("moderator", "Capacity Moderator");
    // The admin's call that moves the moderation log's waiting entries (what the cron does every 5 minutes).
    const adminToken = await gateToken("admin", "Capacity Admin");
    const repliers = readers.slice(700, 800);
    const replyEach = async (content: string) => {
      const ids: string[] = [];
      await each(repliers, async (r, i) => {
        const posted = await call<{ data: { comment: { id: string; status: string } } }>(
          base,
          "POST",
          `/api/comments/${commentIds[400 + i]}/reply`,
          { content },
          r.token,
        );
        ids.push(posted.data.comment.id);
      });
      return ids;
    };
    // Unmeasured: each replier's first approval, which makes their reputation row (measured on its own
    // below, as every new account's), so the approvals measured are a reputation change's own cost.
    const firstReplies = await replyEach("An earlier reply to another reader's comment.");
    await each(firstReplies, (id) => call(base, "PUT", `/api/comments/${id}/approve`, undefined, moderatorToken));
    const replies = await replyEach("A measured reply to another reader's comment.");
    // The approvals' log entries move to their month's object as the cron moves them, in one run: the
    // move is part of an entry's cost, and what D1 keeps of it after.
    await call(base, "POST", "/api/comments/admin/log/move", {}, adminToken);
    await measure("reply approved (its inbox entry)", replies.length, async () => {
      await each(replies, (id) => call(base, "PUT", `/api/comments/${id}/approve`, undefined, moderatorToken));
      await call(base, "POST", "/api/comments/admin/log/move", {}, adminToken);
    });
    // Readers who never had a reputation change: a moderator's +1 makes each one's row (its log entry
    // moves to its month's object, as the approvals' do).
    await measure(FIRST_REPUTATION, 100, async () => {
      await each(readers.slice(800, 900), (r) =>
        call(
          base,
          "PUT",
          `/api/comments/admin/user/${r.id}/reputation`,
          { adjustment: 1, reason: "Capacity model" },
          moderatorToken,
        ),
      );
      await call(base, "POST", "/api/comments/admin/log/move", {}, adminToken);
    });
    await measure("page view (cache miss)", 200, () =>
      each(articleIds.slice(0, 200), (id) => call(base, "GET", `/article/${id}`)),
    );
    await call(base, "GET", "/");
    await measure("page view (cache hit)", 200, () => each(Array.from({ length: 200 }), () => call(base, "GET", "/")));
    const leaving = readers.slice(900, 950);
    await measure("account deletion", leaving.length, () =>
      each(leaving, (r) => call(base, "DELETE", "/api/auth/me", { confirm: "DELETE", comments: "delete" }, r.token)),
    );
  } finally {
    await stack.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
  const setup = `Measured on the local stack (${where}; ${ARTICLES} articles, ${VOTERS} readers signed in through the development sign-in, one vote each spread over every article).`;
  writeFileSync(OUTPUT, report(results, setup));
  console.log(`\nWrote ${OUTPUT}.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchCapacity().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
