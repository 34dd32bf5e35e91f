#!/usr/bin/env tsx
// Moves what D1 kept of votes before ADR 022 into the Durable Objects that keep it now: each user's
// voting history into their UserVotes object, then the vote events into their day's VoteLog object,
// then the comment votes into their articles' ArticleThread objects and their voters' UserCommentVotes
// objects, then the comments' texts into their articles' ArticleThread objects, then the moderation
// log's entries into their months' ModerationLogMonth objects, then the comments into their authors'
// lists (their UserCommentVotes objects), page after page, and last counts the articles' public comment
// counts again from D1's rows (ADR 022 step 31: an older version still serving during the deploy
// changed statuses without moving them),
// through the workers' admin calls (workers/votes/src/routes/maintenance.ts,
// workers/comments/src/routes/maintenance.ts). Run it once after deploying the workers that write the
// objects; running it again (or after a stop) is safe: the objects keep the newer vote, each event
// once and each text once, and a page the platform answered 503 is asked again.
//   npx tsx scripts/move-vote-history.ts --base https://… --token <the ModMe gate's admin token of an admin>
//   (UNBIASED_ADMIN_TOKEN may hold the token instead)
import { parseArgs } from "node:util";

interface Page<Cursor> {
  moved: number;
  next: Cursor | null;
}

/** Times a page answered 503 (the platform busy: D1 or an object) is asked again before giving up. */
const RETRIES = 5;

/**
 * One page, asked again after the Retry-After the worker gives (a second when none) while it answers
 * 503: a page is idempotent, so a retry moves nothing twice.
 */
async function pageWithRetries(url: URL, token: string, body: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", Authorization: `Bearer ${token}` },
      body,
    });
    if (res.status !== 503 || attempt === RETRIES) return res;
    await res.body?.cancel();
    const seconds = Number(res.headers.get("Retry-After")) || 1;
    await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 10) * 1000));
  }
}

async function moveAll<Cursor>(
  base: string,
  token: string,
  path: string,
  limit: number,
  log: (line: string) => void,
): Promise<number> {
  let after: Cursor | null = null;
  let total = 0;
  do {
    const res = await pageWithRetries(new URL(path, base), token, JSON.stringify({ after, limit }));
    if (!res.ok) throw new Error(`${path} failed after ${total} rows: ${res.status} ${await res.text()}`);
    const { data } = (await res.json()) as { data: Page<Cursor> };
    total += data.moved;
    after = data.next;
    log(`${path}: ${total} rows moved${after ? "…" : ", done."}`);
  } while (after);
  return total;
}

/**
 * The six moves, histories first (also the bench's way to load seeded votes into the objects), then
 * the public comment counts counted again (a deploy's older version changed statuses without them).
 */
export async function moveVoteHistory(
  base: string,
  token: string,
  {
    limit = 200,
    log = console.log,
    authors = true,
  }: {
    limit?: number;
    log?: (line: string) => void;
    /** The authors' lists (an object call per author on every page); a bench that reads none skips it. */
    authors?: boolean;
  } = {},
): Promise<{
  history: number;
  events: number;
  commentVotes: number;
  commentTexts: number;
  moderationLog: number;
  authoredComments: number;
  approvedCounts: number;
}> {
  const history = await moveAll(base, token, "/api/votes/admin/history/move", limit, log);
  const events = await moveAll(base, token, "/api/votes/admin/events/move", limit, log);
  const commentVotes = await moveAll(base, token, "/api/comments/admin/votes/move", limit, log);
  const commentTexts = await moveAll(base, token, "/api/comments/admin/texts/move", limit, log);
  const moderationLog = await moveAll(base, token, "/api/comments/admin/log/move", limit, log);
  const authoredComments = authors ? await moveAll(base, token, "/api/comments/admin/authors/move", limit, log) : 0;
  const approvedCounts = await moveAll(base, token, "/api/comments/admin/counts/recount", limit, log);
  return { history, events, commentVotes, commentTexts, moderationLog, authoredComments, approvedCounts };
}

async function main() {
  const { values } = parseArgs({
    options: { base: { type: "string" }, token: { type: "string" }, limit: { type: "string", default: "200" } },
  });
  const base = values.base;
  const token = values.token ?? process.env.UNBIASED_ADMIN_TOKEN;
  if (!base || !token) throw new Error("usage: move-vote-history.ts --base URL --token ADMIN_TOKEN [--limit N]");
  await moveVoteHistory(base, token, { limit: Number(values.limit) });
}

const { pathToFileURL } = await import("node:url");
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
