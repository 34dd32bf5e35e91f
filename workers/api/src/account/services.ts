// The account deletion's calls into the votes and comments workers (ADR 017), typed here: wrangler's
// generated type for a named entrypoint would import that worker's whole program (and its own Env)
// into the gateway's, so the bindings are typed as plain services and viewed through these interfaces.
import type {
  BanCarryOver,
  CommentChoice,
  CommentsErasure,
  VotesErasure,
} from "@unbiased/worker-shared/contracts/account";

/** VotesService in workers/votes/src/index.ts. */
export interface VotesRpc {
  eraseUser(userId: string): Promise<VotesErasure>;
  hideArticle(articleId: string): Promise<void>;
}

/** CommentsService in workers/comments/src/index.ts. */
export interface CommentsRpc {
  eraseUser(userId: string, comments: CommentChoice): Promise<CommentsErasure>;
  carryOverBans(userId: string): Promise<BanCarryOver>;
  restoreCarriedBan(userId: string): Promise<boolean>;
}

export const votesService = (env: Pick<Env, "VOTES">) => env.VOTES as unknown as VotesRpc;
export const commentsService = (env: Pick<Env, "COMMENTS">) => env.COMMENTS as unknown as CommentsRpc;
