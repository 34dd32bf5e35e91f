// Turns an article's comment rows into the public nested thread (spec §3 "Comment (public)"):
// approved comments for everyone, plus the viewer's own pending ones marked with their status; a
// removed comment that still has visible replies stays as an empty placeholder so they remain readable.
// Newest conversations first; replies in the order they were written.
import type { CommentThread, CommentVoteType, PublicComment } from "@unbiased/worker-shared/contracts/comments";
import type { ThreadRow } from "../storage/comments.ts";
import { isShown, type Viewer } from "./visibility.ts";

export function toPublicComment(
  row: ThreadRow,
  viewer: Viewer | null,
  userVote?: CommentVoteType | null,
): PublicComment {
  const comment: PublicComment = {
    id: row.id,
    userId: row.userId,
    userName: row.userName,
    content: row.content,
    timestamp: new Date(row.createdAt).toISOString(),
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    userReputation: row.userReputation,
    replies: [],
  };
  if (viewer && viewer.userId === row.userId) comment.status = row.status;
  if (viewer) comment.userVote = userVote ?? null;
  return comment;
}

export function buildThread(
  rows: ThreadRow[],
  viewer: Viewer | null,
  votes: Map<string, CommentVoteType> = new Map(),
): CommentThread {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<string | null, ThreadRow[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    const list = children.get(parent);
    if (list) list.push(row);
    else children.set(parent, [row]);
  }

  // Iterative post-order walk: a thread can be arbitrarily deep, the call stack cannot.
  const built = new Map<string, PublicComment | null>();
  const stack: { row: ThreadRow; expanded: boolean }[] = (children.get(null) ?? []).map((row) => ({
    row,
    expanded: false,
  }));
  for (let top = stack.at(-1); top; top = stack.at(-1)) {
    const kids = children.get(top.row.id) ?? [];
    if (!top.expanded) {
      top.expanded = true;
      for (const kid of kids) stack.push({ row: kid, expanded: false });
      continue;
    }
    stack.pop();
    const replies = kids.map((kid) => built.get(kid.id)).filter((c): c is PublicComment => Boolean(c));
    built.set(top.row.id, nodeFor(top.row, replies, viewer, votes));
  }

  const roots = (children.get(null) ?? [])
    .map((row) => built.get(row.id))
    .filter((c): c is PublicComment => Boolean(c))
    .reverse();
  return { comments: roots, total: rows.filter((row) => row.status === "approved").length };
}

function nodeFor(
  row: ThreadRow,
  replies: PublicComment[],
  viewer: Viewer | null,
  votes: Map<string, CommentVoteType>,
): PublicComment | null {
  if (isShown(row, viewer)) return { ...toPublicComment(row, viewer, votes.get(row.id)), replies };
  if (replies.length === 0) return null;
  return {
    id: row.id,
    userId: "",
    userName: "",
    content: "",
    timestamp: new Date(row.createdAt).toISOString(),
    upvotes: 0,
    downvotes: 0,
    userReputation: 0,
    replies,
    removed: true,
  };
}
