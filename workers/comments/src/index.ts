// Comments worker (spec §7 "Comments service"): threads, moderation, bans and reputation on D1,
// with comment events processed through a queue. CommentsService is what the gateway binds: the public
// routes (fetch) and the account deletion's comments (RPC).

import { WorkerEntrypoint } from "cloudflare:workers";
import type {
  BanCarryOver,
  CommentChoice,
  CommentsErasure,
  ExportedCommentVote,
} from "@unbiased/worker-shared/contracts/account";
import type { CommentText } from "@unbiased/worker-shared/contracts/comments";
import type {
  ModerationLogPageQuery,
  ModerationLogQuery,
  PublicModerationLogData,
} from "@unbiased/worker-shared/contracts/moderation-log-store";
import type { CommentsRpc, EmailDelivery } from "@unbiased/worker-shared/contracts/rpc";
import { createDb } from "@unbiased/worker-shared/db/client";
import { meteredTask } from "@unbiased/worker-shared/db/row-meter";
import { commentReports } from "@unbiased/worker-shared/db/schema/index";
import { createApp } from "@unbiased/worker-shared/http/app";
import { meteredQueue, meteredScheduled } from "@unbiased/worker-shared/http/metered-handlers";
import { sendInboxEntriesSoon } from "@unbiased/worker-shared/inbox/outbox";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { purgeReviewedReports } from "@unbiased/worker-shared/report-review";
import type { HistoryEntry } from "./durable/reputation-history.ts";
import { deliverOutbox } from "./email/deliver-outbox.ts";
import { emailSenderFor } from "./email/sender.ts";
import { banIdentityKey, type CommentsEnv } from "./env.ts";
import { handleCommentEvents, purgeCommentJobs } from "./jobs/comment-events.ts";
import { adminBanRoutes, unbanRoutes } from "./routes/admin-bans.ts";
import { adminCommentRoutes } from "./routes/admin-comments.ts";
import { adminDecisionRoutes } from "./routes/admin-decisions.ts";
import { adminLogRoutes } from "./routes/admin-log.ts";
import { adminQueueRoutes } from "./routes/admin-queue.ts";
import { adminReportRoutes } from "./routes/admin-reports.ts";
import { adminReputationRoutes } from "./routes/admin-reputation.ts";
import { adminUserRoutes } from "./routes/admin-users.ts";
import { commentFeedbackRoutes } from "./routes/comment-feedback.ts";
import { commentCountRoutes, commentRoutes } from "./routes/comments.ts";
import { healthRoutes } from "./routes/health.ts";
import { maintenanceRoutes } from "./routes/maintenance.ts";
import { endOldApprovals } from "./storage/approved-tab.ts";
import { carryOverBans, purgeCarriedBans, restoreCarriedBan } from "./storage/carried-bans.ts";
import { textsInThreads } from "./storage/comment-texts.ts";
import { exportCommentVotes } from "./storage/comment-votes.ts";
import { CRON_DELIVERY_ROUNDS, deliverModerationLog } from "./storage/moderation-log-delivery.ts";
import { firstMatching, logDayCounts, logMonthsAfterMove } from "./storage/moderation-log-read.ts";
import { settleLeftReputationFalls } from "./storage/reputation-falls.ts";
import { deliverReputationOutbox, reputationHistoryOf } from "./storage/reputation-outbox.ts";
import { eraseUserComments } from "./storage/user-erasure.ts";

export { ArticleThread } from "./durable/article-thread.ts";
export { ModerationLogMonth } from "./durable/moderation-log-month.ts";
export { ReputationHistory } from "./durable/reputation-history.ts";
export { UserCommentVotes } from "./durable/user-comment-votes.ts";

const app = createApp<CommentsEnv>({ name: "comments" });
app.route("/api/comments/health", healthRoutes);
// ModMe APIs (admin token + staff role: worker-shared's auth/staff.ts), before the public routes' /:id patterns.
app.route("/api/comments/admin", adminCommentRoutes);
app.route("/api/comments/admin", adminBanRoutes);
app.route("/api/comments/admin", adminReportRoutes);
app.route("/api/comments/admin", adminQueueRoutes);
app.route("/api/comments/admin", adminUserRoutes);
app.route("/api/comments/admin", adminReputationRoutes);
app.route("/api/comments/admin", adminLogRoutes);
app.route("/api/comments/admin", maintenanceRoutes);
// Spec §7 lists unban without the /api prefix.
app.route("/comments/admin", unbanRoutes);
app.route("/api/comments", adminDecisionRoutes);
app.route("/api/comments", commentFeedbackRoutes);
app.route("/api/comments", commentRoutes);
// Spec §7: "An alternate path /article/{id}/count also appears" (and its /comments twin behind the gateway).
app.route("/comments", commentCountRoutes);
app.route("/", commentCountRoutes);

export class CommentsService extends WorkerEntrypoint<Env> implements CommentsRpc {
  override fetch(request: Request): Promise<Response> {
    return Promise.resolve(app.fetch(request, this.env, this.ctx));
  }

  /**
   * A deleted account's comments, comment votes, reports and reputation (ADR 017). Only the gateway
   * calls it, after revoking the user's sessions; it is no route, so no request can reach it.
   */
  eraseUser(userId: string, comments: CommentChoice): Promise<CommentsErasure> {
    return meteredTask("rpc", { call: "comments.eraseUser" }, () =>
      eraseUserComments(this.env, createDb(this.env.DB), userId, comments, banIdentityKey(this.env)),
    );
  }

  /** The account's reputation history for its data export (their object's, and any still on its way), oldest first. */
  exportReputationHistory(userId: string): Promise<HistoryEntry[]> {
    return meteredTask("rpc", { call: "comments.exportReputationHistory" }, () =>
      reputationHistoryOf(this.env, createDb(this.env.DB), userId),
    );
  }

  /** The account's comment votes for its data export, oldest first (their list in the voter's object). */
  exportCommentVotes(userId: string): Promise<ExportedCommentVote[]> {
    return meteredTask("rpc", { call: "comments.exportCommentVotes" }, () =>
      exportCommentVotes(this.env, createDb(this.env.DB), userId),
    );
  }

  /**
   * The gateway's public log: a page of entries newest first, and the entries of `days` counted by UTC
   * day, action and ban kind, from one move and one list of the months.
   */
  moderationLog(page: ModerationLogPageQuery, days: ModerationLogQuery): Promise<PublicModerationLogData> {
    return meteredTask("rpc", { call: "comments.moderationLog" }, async () => {
      const months = await logMonthsAfterMove(this.env, createDb(this.env.DB));
      const [entries, dayCounts] = await Promise.all([
        firstMatching(this.env, months, page.query, page.offset, page.limit),
        logDayCounts(this.env, months, days),
      ]);
      return { entries, dayCounts };
    });
  }

  /** The texts of those comments that their threads' objects keep (the gateway's data export). */
  commentTexts(comments: { id: string; articleId: string }[]): Promise<CommentText[]> {
    return meteredTask("rpc", { call: "comments.commentTexts" }, () => textsInThreads(this.env, comments));
  }

  /**
   * An account deletion's first step: the user's active bans are kept under their identities' digests
   * (ADR 017). Refuses (503) a banned account when the key is not configured, before anything changed.
   */
  carryOverBans(userId: string): Promise<BanCarryOver> {
    return meteredTask("rpc", { call: "comments.carryOverBans" }, () =>
      carryOverBans(createDb(this.env.DB), banIdentityKey(this.env), userId),
    );
  }

  /** Every sign-in, before it is answered: a ban kept from a deleted account with this identity comes back. */
  restoreCarriedBan(userId: string): Promise<boolean> {
    return meteredTask("rpc", { call: "comments.restoreCarriedBan" }, () =>
      restoreCarriedBan(createDb(this.env.DB), banIdentityKey(this.env), userId),
    );
  }

  /**
   * The e-mail outbox sent now rather than at the next cron run: the gateway's digest consumer calls it
   * after each batch of digests it writes, so a day's digests go out as fast as they are written
   * instead of 50 every 5 minutes.
   */
  sendEmails(): Promise<EmailDelivery> {
    return meteredTask("rpc", { call: "comments.sendEmails" }, () =>
      deliverOutbox(createDb(this.env.DB), emailSenderFor(this.env)),
    );
  }
}

export default {
  fetch: app.fetch,
  queue: meteredQueue(handleCommentEvents),
  // The cron sends the e-mail outbox (deactivation and ban notices), retrying failed attempts, sends
  // inbox entries and reputation history entries a failure left behind (the ingest worker's inbox
  // entries too: one table), moves the moderation log's new entries (every worker's) to their months'
  // objects, takes approvals older than a week off ModMe's Approved tab, deletes reviewed comment
  // reports past their days, forgets bans of deleted accounts whose time is up, and sends back to the
  // queue the comments of a reputation fall whose settling failed.
  scheduled: meteredScheduled(async (_controller, env, ctx) => {
    const db = createDb(env.DB);
    ctx.waitUntil(
      Promise.all([
        deliverOutbox(db, emailSenderFor(env)),
        purgeCarriedBans(db),
        endOldApprovals(db),
        purgeReviewedReports(db, commentReports),
        purgeCommentJobs(db),
        settleLeftReputationFalls(env, db),
      ]).then(() => undefined),
    );
    ctx.waitUntil(
      deliverModerationLog(env, db, CRON_DELIVERY_ROUNDS).then(
        () => undefined,
        (err) => console.error("moderation log: the cron's move failed; the next run or read tries again:", err),
      ),
    );
    sendInboxEntriesSoon(env, ctx);
    ctx.waitUntil(
      deliverReputationOutbox(env, db).then(
        () => undefined,
        (err) => console.error("reputation outbox: the cron's sending failed; the next run tries again:", err),
      ),
    );
  }),
} satisfies ExportedHandler<Env, JobMessage>;
