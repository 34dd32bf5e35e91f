// The RPC surfaces between the Workers (service bindings with a named entrypoint): each service's class
// implements its interface (`implements VotesRpc`), and each caller reaches it through
// `rpcService<VotesRpc>(env.VOTES)` (workers/shared/src/rpc/service.ts), so both sides are checked
// against the same declaration. Types only: no Worker's code is imported into another's.
import type {
  BanCarryOver,
  CommentChoice,
  CommentsErasure,
  ExportedCommentVote,
  ExportedReputationEntry,
  VotesErasure,
} from "./account.ts";
import type { CommentText } from "./comments.ts";
import type { ArticleImageOutcome } from "./images.ts";
import type { RegenerateOutcome, RegenerateTarget } from "./ingest.ts";
import type { ModerationLogPageQuery, ModerationLogQuery, PublicModerationLogData } from "./moderation-log-store.ts";
import type { ApiCall, FragmentRequest, FragmentResult } from "./page.ts";

/** VotesService (workers/votes/src/index.ts), bound as VOTES. */
export interface VotesRpc {
  /** Takes a deleted account's votes out of every count (ADR 017). */
  eraseUser(userId: string): Promise<VotesErasure>;
  /** The article was hidden: its object refuses votes and public reads from now on. */
  hideArticle(articleId: string): Promise<void>;
  /**
   * The user's current votes (their UserVotes object) and vote events (their VoteLog shards), oldest
   * first, for their data export (ADR 022).
   */
  exportUserVotes(userId: string): Promise<{ current: ExportedVote[]; events: ExportedVoteEvent[] }>;
}

/** One vote event as the export lists it (the columns of the D1 table it was kept in before ADR 022). */
export interface ExportedVoteEvent {
  id: string;
  articleId: string;
  voteType: "upvote" | "downvote" | "none";
  previousVote: "upvote" | "downvote" | "none";
  ip: string | null;
  createdAt: number;
}

/** One current vote as the export lists it (the columns of the D1 table it was kept in before ADR 022). */
export interface ExportedVote {
  articleId: string;
  voteType: "upvote" | "downvote";
  updatedAt: number;
}

/** CommentsService (workers/comments/src/index.ts), bound as COMMENTS. */
export interface CommentsRpc {
  /** A deleted account's comments, comment votes, reports and reputation (ADR 017). */
  eraseUser(userId: string, comments: CommentChoice): Promise<CommentsErasure>;
  /** The account's comment votes, oldest first, for its data export. */
  exportCommentVotes(userId: string): Promise<ExportedCommentVote[]>;
  /** The public log: a page of the moderation log newest first, and the entries of `days` counted by day. */
  moderationLog(page: ModerationLogPageQuery, days: ModerationLogQuery): Promise<PublicModerationLogData>;
  /** The texts of those comments that their threads' objects keep (the data export's comments). */
  commentTexts(comments: { id: string; articleId: string }[]): Promise<CommentText[]>;
  /** The account's reputation entries kept outside D1, oldest first, for its data export. */
  exportReputationHistory(userId: string): Promise<ExportedReputationEntry[]>;
  /** The deletion's first step: active bans kept under the account's identity digests. */
  carryOverBans(userId: string): Promise<BanCarryOver>;
  /** Every sign-in, before it answers: a kept ban with this identity comes back. */
  restoreCarriedBan(userId: string): Promise<boolean>;
  /** Sends what the e-mail outbox holds now (the daily digests the gateway has just written). */
  sendEmails(): Promise<EmailDelivery>;
}

/** What one run of the e-mail outbox's sender did. */
export interface EmailDelivery {
  sent: number;
  retrying: number;
  failed: number;
}

/** IngestService (workers/ingest/src/index.ts), bound as INGEST. */
export interface IngestRpc {
  /** Rewrites one article's summary, location or image; `actorId` for the moderation log. */
  regenerate(
    articleId: string,
    target: RegenerateTarget,
    actorId: string,
  ): Promise<RegenerateOutcome<RegenerateTarget>>;
  /** The article's stored picture, fetched behind the outbound guard, for the image proxy. */
  articleImage(articleId: string): Promise<ArticleImageOutcome>;
}

/** The reader's Worker (remotes/reader/worker/index.ts), bound as READER. */
export interface ReaderRpc {
  /** The name of the build this Worker serves (its client files and its server renderer). */
  build(): Promise<string> | string;
  /** The reader's part of a page: status, head, data and dates once its markup has rendered; the markup streamed. */
  fragment(request: FragmentRequest, api: ApiCall): Promise<FragmentResult>;
}
