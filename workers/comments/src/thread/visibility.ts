// Who is shown a comment itself (spec §3 "Comment (public)"): everyone its approved comments, its
// author their own pending ones too. Others see at most an empty placeholder holding up replies.
import type { CommentStatus } from "@unbiased/worker-shared/contracts/comments";

export interface Viewer {
  userId: string;
}

export function isShown(row: { status: CommentStatus; userId: string }, viewer: Viewer | null): boolean {
  return row.status === "approved" || (row.status === "pending" && viewer?.userId === row.userId);
}
