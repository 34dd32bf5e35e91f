// What a comment's change tells its readers' inboxes (docs/decisions/026-inbox.md), written in the
// change's own batch under its guard: a reply once it is visible, to the author of the comment it
// answers (never to oneself); a moderator's approval, rejection or deactivation, with the reason given
// and never who gave it, to the comment's author; a moderator's change to a user's reputation, with
// its reason. An automatic approval tells nobody: the comment simply appears, as the author expects.

import { type InboxEntryInput, inboxExcerpt } from "@unbiased/worker-shared/contracts/inbox";
import { articlePath } from "@unbiased/worker-shared/contracts/paths";
import type { Database } from "@unbiased/worker-shared/db/client";
import { type EntryCondition, inboxEntryStatement } from "@unbiased/worker-shared/inbox/outbox";
import type { CommentRow } from "./comments.ts";

/** The comment as the entries tell of it: the row, its author's name and its article's title. */
interface Told {
  comment: CommentRow;
  authorName: string;
  articleTitle: string;
}

const commentLink = ({ comment, articleTitle }: Told) =>
  `${articlePath({ id: comment.articleId, title: articleTitle })}#comment-${comment.id}`;

/** The reply's entry for the author of the comment it answers (none for a top-level comment, or one's own). */
export function replyEntryStatements(db: Database, told: Told, condition: EntryCondition, at: number) {
  const { comment } = told;
  if (!comment.parentId) return [];
  const entry: InboxEntryInput = {
    id: `reply:${comment.id}`,
    type: "reply",
    at,
    link: commentLink(told),
    subject: told.articleTitle,
    reason: null,
    actorName: told.authorName,
    excerpt: inboxExcerpt(comment.content),
  };
  const parentAuthor = {
    sql: "SELECT user_id FROM comments WHERE id = ? AND user_id <> ?",
    params: [comment.parentId, comment.userId],
  };
  return [inboxEntryStatement(db, parentAuthor, entry, condition, at)];
}

/** A moderator's decision on the comment, for its author. The id holds the time: a later decision is a new entry. */
export function reviewEntryStatement(
  db: Database,
  told: Told,
  decision: { type: "comment-approved" | "comment-rejected" | "comment-deactivated"; reason: string | null },
  condition: EntryCondition,
  at: number,
) {
  const entry: InboxEntryInput = {
    id: `review:${told.comment.id}:${decision.type}:${at}`,
    type: decision.type,
    at,
    link: commentLink(told),
    subject: told.articleTitle,
    reason: decision.reason,
    actorName: null,
    excerpt: inboxExcerpt(told.comment.content),
  };
  return inboxEntryStatement(db, told.comment.userId, entry, condition, at);
}

/** A moderator's change to the user's reputation, with the reason given; the id is the change's. */
export function reputationEntryStatement(
  db: Database,
  change: { userId: string; changeId: string; points: number; reason: string | null },
  at: number,
) {
  const entry: InboxEntryInput = {
    id: `reputation:${change.changeId}`,
    type: "reputation",
    at,
    link: "/profile",
    subject: change.points > 0 ? `+${change.points}` : `${change.points}`,
    reason: change.reason,
    actorName: null,
    excerpt: null,
  };
  return inboxEntryStatement(db, change.userId, entry, undefined, at);
}
