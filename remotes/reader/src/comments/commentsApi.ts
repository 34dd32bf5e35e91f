// Calls of the comments service (spec §7 Comments service, public). Every call goes through the shared
// API client (bearer token, refresh, 10 s timeout) to the "comments" service base.
import { apiFetch } from "@unbiased/web-shared";
import type {
  CommentCountsBatch,
  CommentThread,
  CommentVoteHistoryItem,
  CommentVoteResult,
  CommentVoteType,
  DeactivateAction,
  PostedComment,
} from "@unbiased/worker-shared/contracts/comments";

const enc = encodeURIComponent;
const service = "comments" as const;

/** SWR key of an article's thread (the signed-in state is part of it: own pending comments and votes). */
export const threadKey = (articleId: string, userId: string | null) => ["comments", articleId, userId ?? ""] as const;

export async function fetchThread(articleId: string): Promise<CommentThread> {
  return (
    await apiFetch<{ success: true; data: CommentThread }>(`/api/comments/article/${enc(articleId)}`, { service })
  ).data;
}

export async function postComment(articleId: string, content: string): Promise<PostedComment> {
  return (
    await apiFetch<{ success: true; data: PostedComment }>(`/api/comments/article/${enc(articleId)}`, {
      service,
      method: "POST",
      body: { content },
    })
  ).data;
}

export async function postReply(parentId: string, content: string): Promise<PostedComment> {
  return (
    await apiFetch<{ success: true; data: PostedComment }>(`/api/comments/${enc(parentId)}/reply`, {
      service,
      method: "POST",
      body: { content },
    })
  ).data;
}

/** Sets the vote, or removes it when `voteType` is null (the same vote chosen again). */
export async function voteOnComment(commentId: string, voteType: CommentVoteType | null): Promise<CommentVoteResult> {
  const path = `/api/comments/${enc(commentId)}/vote`;
  const reply = voteType
    ? await apiFetch<{ success: true; data: CommentVoteResult }>(path, { service, method: "POST", body: { voteType } })
    : await apiFetch<{ success: true; data: CommentVoteResult }>(path, { service, method: "DELETE" });
  return reply.data;
}

export async function reportComment(commentId: string, reason: string): Promise<void> {
  await apiFetch(`/api/comments/${enc(commentId)}/report`, { service, method: "POST", body: { reason } });
}

export async function deleteComment(commentId: string, permanent = false): Promise<void> {
  await apiFetch(`/api/comments/${enc(commentId)}${permanent ? "?permanent=true" : ""}`, { service, method: "DELETE" });
}

export async function deactivateComment(commentId: string, action: DeactivateAction, reason: string): Promise<void> {
  await apiFetch(`/api/comments/${enc(commentId)}/deactivate`, {
    service,
    method: "PUT",
    body: { action, ...(reason.trim() ? { reason: reason.trim() } : {}) },
  });
}

/** POST /api/comments/article/counts/batch for at most 20 ids. */
export async function fetchCommentCounts(articleIds: string[]): Promise<CommentCountsBatch> {
  return (
    await apiFetch<{ success: true; data: CommentCountsBatch }>("/api/comments/article/counts/batch", {
      service,
      method: "POST",
      body: { articleIds },
    })
  ).data;
}

export async function fetchCommentCount(articleId: string): Promise<number> {
  const reply = await apiFetch<{ success: true; data: { commentCount: number } }>(
    `/api/comments/article/${enc(articleId)}/count`,
    { service },
  );
  return reply.data.commentCount;
}

/** GET /api/comments/votes/history: the reader's recent comment votes (profile's Voting History). */
export async function fetchCommentVoteHistory(): Promise<CommentVoteHistoryItem[]> {
  return (await apiFetch<{ success: true; data: CommentVoteHistoryItem[] }>("/api/comments/votes/history", { service }))
    .data;
}
