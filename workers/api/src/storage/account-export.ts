// The caller's data as stored (GET /api/auth/me/export, ADR 017): every row that is theirs, read in one
// D1 round trip, and their current votes from the votes worker (their UserVotes object, ADR 022). The
// gateway reads the votes' and comments' D1 tables directly: one database, and every worker may read
// every table (docs/architecture.md § Data); only writes belong to one owner.
// Whole rows are read, so a column added to one of these tables later is exported without a change
// here; what is left out is named: secrets, the caller's own id repeated on every row, and the ids of
// other people (the staff member who banned them, resolved their report or changed their reputation).

import { withFoundTexts } from "@unbiased/worker-shared/comments/found-texts";
import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_VERSION,
  type AccountExport,
  type ExportedReputationEntry,
  type ExportedRow,
} from "@unbiased/worker-shared/contracts/account";
import type { CommentsRpc, ExportedVoteEvent, VotesRpc } from "@unbiased/worker-shared/contracts/rpc";
import type { Database } from "@unbiased/worker-shared/db/client";
import {
  articleReports,
  bans,
  commentReports,
  comments,
  digestSubscriptions,
  reputationChanges,
  sessions,
  submissions,
  userReputation,
  users,
  voteEvents,
} from "@unbiased/worker-shared/db/schema/index";
import { asc, eq } from "drizzle-orm";
import type { InboxStub } from "./inbox.ts";
import type { SavedArticlesStub } from "./saved-articles.ts";
import type { UserSessionsStub } from "./sessions.ts";

/** Never exported: the refresh token's hash and number, the caller's id (known), other people's ids. */
const LEFT_OUT = new Set([
  "refreshHash",
  "refreshGeneration",
  "userId",
  "reporterId",
  "bannedBy",
  "liftedBy",
  "actorId",
  "resolvedBy",
]);

/** Times are stored as epoch milliseconds in columns named …At (ADR 005): exported as ISO 8601. */
function exportRow(row: Record<string, unknown>): ExportedRow {
  const out: ExportedRow = {};
  for (const [key, value] of Object.entries(row)) {
    if (LEFT_OUT.has(key)) continue;
    out[key] =
      key.endsWith("At") && typeof value === "number"
        ? new Date(value).toISOString()
        : (value as string | number | boolean | null);
  }
  return out;
}

const rows = (list: Record<string, unknown>[]) => list.map(exportRow);

/**
 * The user's vote events: their VoteLog objects' (ADR 022) and any D1 still keeps from before, until
 * the move script has run (the same event in both is listed once), oldest first.
 */
function voteEventsOf(fromLogs: ExportedVoteEvent[], fromD1: Record<string, unknown>[]): Record<string, unknown>[] {
  const ids = new Set(fromLogs.map((e) => e.id));
  return [...fromLogs.map((e) => ({ ...e })), ...fromD1.filter((row) => !ids.has(String(row.id)))].sort(
    (a, b) => Number(a.createdAt) - Number(b.createdAt),
  );
}

/**
 * The user's reputation history: D1's entries and the days' "votes received" entries of their object
 * (ADR 022), oldest first. A day both hold (the day the objects took over) is one entry: its deltas
 * summed, at the earlier time.
 */
function reputationChangesOf(
  fromD1: Record<string, unknown>[],
  fromObject: ExportedReputationEntry[],
): Record<string, unknown>[] {
  const byId = new Map(fromD1.map((row) => [String(row.id), { ...row }]));
  for (const entry of fromObject) {
    const same = byId.get(entry.id);
    if (!same) byId.set(entry.id, { ...entry });
    else {
      same.delta = Number(same.delta) + entry.delta;
      same.createdAt = Math.min(Number(same.createdAt), entry.createdAt);
    }
  }
  return [...byId.values()].sort((a, b) => Number(a.createdAt) - Number(b.createdAt));
}

/**
 * The user's comments with their texts: a comment whose text is in its thread's object (ADR 022 step
 * 19) has only a digest of it in D1, so the comments worker reads those texts from the threads.
 */
async function withThreadTexts(
  commentsWorker: Pick<CommentsRpc, "commentTexts">,
  stored: (typeof comments.$inferSelect)[],
): Promise<Record<string, unknown>[]> {
  const inThreads = stored.filter((row) => row.textInThread).map(({ id, articleId }) => ({ id, articleId }));
  const found = inThreads.length > 0 ? await commentsWorker.commentTexts(inThreads) : [];
  // Where the text was kept is the service's business, not the reader's data.
  return withFoundTexts(stored, found).map(({ textInThread: _, ...row }) => row);
}

/** The export, or null when the user row is gone (deleted meanwhile). */
export async function exportAccount(
  db: Database,
  votes: Pick<VotesRpc, "exportUserVotes">,
  commentsWorker: Pick<CommentsRpc, "exportCommentVotes" | "exportReputationHistory" | "commentTexts">,
  own: {
    saved: Pick<SavedArticlesStub, "all">;
    inbox: Pick<InboxStub, "all">;
    sessions: Pick<UserSessionsStub, "list">;
  },
  userId: string,
  now = Date.now(),
): Promise<AccountExport | null> {
  // The votes worker and the reader's own objects are asked beside the D1 batch, not before it.
  const [
    fromVotes,
    commentVoteRows,
    reputationEntries,
    savedEntries,
    inboxEntries,
    objectSessions,
    [
      profile,
      reputation,
      reputationHistory,
      banRows,
      sessionRows,
      voteHistory,
      commentRows,
      articleReportRows,
      commentReportRows,
      submissionRows,
      digestRows,
    ],
  ] = await Promise.all([
    votes.exportUserVotes(userId),
    commentsWorker.exportCommentVotes(userId),
    commentsWorker.exportReputationHistory(userId),
    own.saved.all(),
    own.inbox.all(),
    own.sessions.list(),
    db.batch([
      db.select().from(users).where(eq(users.id, userId)),
      db.select().from(userReputation).where(eq(userReputation.userId, userId)),
      db
        .select()
        .from(reputationChanges)
        .where(eq(reputationChanges.userId, userId))
        .orderBy(asc(reputationChanges.createdAt)),
      db.select().from(bans).where(eq(bans.userId, userId)).orderBy(asc(bans.bannedAt)),
      db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)),
      db.select().from(voteEvents).where(eq(voteEvents.userId, userId)).orderBy(asc(voteEvents.createdAt)),
      db.select().from(comments).where(eq(comments.userId, userId)).orderBy(asc(comments.createdAt)),
      db
        .select()
        .from(articleReports)
        .where(eq(articleReports.reporterId, userId))
        .orderBy(asc(articleReports.createdAt)),
      db
        .select()
        .from(commentReports)
        .where(eq(commentReports.reporterId, userId))
        .orderBy(asc(commentReports.createdAt)),
      db.select().from(submissions).where(eq(submissions.userId, userId)).orderBy(asc(submissions.createdAt)),
      db.select().from(digestSubscriptions).where(eq(digestSubscriptions.userId, userId)),
    ]),
  ]);
  const [user] = profile;
  if (!user) return null;
  const [current] = reputation;
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    version: ACCOUNT_EXPORT_VERSION,
    exportedAt: new Date(now).toISOString(),
    profile: exportRow(user),
    reputation: {
      current: current ? exportRow(current) : null,
      changes: rows(reputationChangesOf(reputationHistory, reputationEntries)),
    },
    bans: rows(banRows),
    // Its UserSessions object's, and any D1 still keeps from before the objects (ADR 022).
    sessions: rows(
      [...objectSessions.map((session) => ({ ...session })), ...sessionRows].sort(
        (a, b) => Number(a.createdAt) - Number(b.createdAt),
      ),
    ),
    articleVotes: {
      current: rows(fromVotes.current.map((vote) => ({ ...vote }))),
      events: rows(voteEventsOf(fromVotes.events, voteHistory)),
    },
    comments: rows(await withThreadTexts(commentsWorker, commentRows)),
    // The voter's list in the comments worker's objects (ADR 022), with any D1 still keeps from before.
    commentVotes: rows(commentVoteRows.map((vote) => ({ ...vote }))),
    reports: { articles: rows(articleReportRows), comments: rows(commentReportRows) },
    submissions: rows(submissionRows),
    savedArticles: rows(savedEntries.map((entry) => ({ ...entry }))),
    // `at` as `happenedAt`, so it is written as a time like every other.
    inbox: rows(inboxEntries.map(({ at, ...entry }) => ({ ...entry, happenedAt: at }))),
    digest: digestRows[0] ? exportRow(digestRows[0]) : null,
  };
}
