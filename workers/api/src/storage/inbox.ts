// The reader's inbox (docs/decisions/026-inbox.md): their Inbox object holds the entries; D1 is read
// only for a page of the list, to follow the thread's rules for the replies on it.

import { type InboxEntry, inboxCursor } from "@unbiased/worker-shared/contracts/inbox";
import type { Database } from "@unbiased/worker-shared/db/client";
import { comments, users } from "@unbiased/worker-shared/db/schema/index";
import { and, eq, inArray } from "drizzle-orm";
import type { InboxCursor } from "../durable/inbox.ts";

/** The reader's own object (named by their user id, so every data centre reaches the same one). */
export const inboxOf = (env: Env, userId: string) => env.INBOX.get(env.INBOX.idFromName(userId));

export type InboxStub = ReturnType<typeof inboxOf>;

const REPLY_PREFIX = "reply:";

/**
 * A reply's entry shows who wrote it and how it starts only while the thread shows the reply
 * (approved), under the name the thread shows now (a deleted account's kept comments are '[deleted]'):
 * one removed, sent back to the queue or deleted since keeps its entry, which then leads to the thread
 * without its words.
 */
async function withRepliesAsShown(db: Database, entries: InboxEntry[]): Promise<InboxEntry[]> {
  const replyIds = entries.filter((e) => e.type === "reply").map((e) => e.id.slice(REPLY_PREFIX.length));
  if (replyIds.length === 0) return entries;
  const shown = new Map(
    (
      await db
        .select({ id: comments.id, author: users.name })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(and(inArray(comments.id, replyIds), eq(comments.status, "approved")))
    ).map((row) => [`${REPLY_PREFIX}${row.id}`, row.author]),
  );
  return entries.map((e) => {
    if (e.type !== "reply") return e;
    const author = shown.get(e.id);
    return author === undefined ? { ...e, actorName: null, excerpt: null } : { ...e, actorName: author };
  });
}

/** One page of the reader's entries, newest first, and their unread count. */
export async function inboxPage(db: Database, inbox: InboxStub, start: InboxCursor | null, limit: number) {
  // One more than asked says whether the list goes on.
  const [read, unread] = await Promise.all([inbox.newest(start, limit + 1), inbox.unread()]);
  const entries = await withRepliesAsShown(db, read.slice(0, limit));
  const last = entries.at(-1);
  const next = read.length > limit && last ? inboxCursor(last.at, last.id) : null;
  return { entries, unread, pagination: { limit, hasNext: next !== null, next } };
}
