// Gateway / API worker: one origin for the whole product. Serves the articles, auth and submissions
// APIs and the staff article tools, routes /api/votes/* and /api/comments/* to their workers over
// service bindings (and the staff tools' NLP work to the ingest worker), and answers page routes that
// the static assets do not (see docs/architecture.md § The shape).
import { createDb } from "@unbiased/worker-shared/db/client";
import { articleReports } from "@unbiased/worker-shared/db/schema/index";
import { createApp } from "@unbiased/worker-shared/http/app";
import { meteredQueue, meteredScheduled } from "@unbiased/worker-shared/http/metered-handlers";
import { purgeReviewedReports } from "@unbiased/worker-shared/report-review";
import { consumeDigests, DIGEST_QUEUE_NAME, queueDueDigests } from "./digest/send-digests.ts";
import type { ApiEnv } from "./env.ts";
import { consumeInboxEntries } from "./inbox/consume.ts";
import { purgeEndedLimitWindows, purgeOldSessions } from "./jobs/session-retention.ts";
import { accountRoutes } from "./routes/account.ts";
import { articleReportRoutes } from "./routes/article-reports.ts";
import { articleToolRoutes } from "./routes/article-tools.ts";
import { articleRoutes } from "./routes/articles.ts";
import { authRoutes } from "./routes/auth.ts";
import { digestRoutes } from "./routes/digest.ts";
import { digestUnsubscribeRoutes } from "./routes/digest-unsubscribe.ts";
import { feedRoutes } from "./routes/feeds.ts";
import { healthRoutes } from "./routes/health.ts";
import { imageRoutes } from "./routes/images.ts";
import { inboxRoutes } from "./routes/inbox.ts";
import { moderationLogRoutes } from "./routes/moderation-log.ts";
import { myReportRoutes } from "./routes/my-reports.ts";
import { newswireRoutes } from "./routes/newswire.ts";
import { pageRoutes } from "./routes/pages.ts";
import { savedRoutes } from "./routes/saved.ts";
import { serviceRoutes } from "./routes/services.ts";
import { submissionRoutes } from "./routes/submissions.ts";

export { AddressLimiter } from "./durable/address-limiter.ts";
export { Inbox } from "./durable/inbox.ts";
export { SavedArticles } from "./durable/saved-articles.ts";
export { UserSessions } from "./durable/user-sessions.ts";

/** Every router of the gateway shares these bindings and the signed-in principal set by requireAuth. */

const app = createApp<ApiEnv>({ name: "gateway", edge: true });
// The first HTML of a page asks the gateway's own API in-process (routes/pages.ts).
app.use("*", async (c, next) => {
  c.set("gateway", (request) => Promise.resolve(app.fetch(request, c.env, c.executionCtx)));
  await next();
});
app.route("/", serviceRoutes);
app.route("/api/health", healthRoutes);
app.route("/api/auth/me/reports", myReportRoutes);
app.route("/api/auth/me/saved", savedRoutes);
app.route("/api/auth/me/inbox", inboxRoutes);
app.route("/api/auth/me/digest", digestRoutes);
app.route("/api/digest/unsubscribe", digestUnsubscribeRoutes);
app.route("/api/auth/me", accountRoutes);
app.route("/api/auth", authRoutes);
// Before articleRoutes, so /api/articles/admin/reports is not read as an article id.
app.route("/api/articles", articleReportRoutes);
app.route("/api/articles", articleRoutes);
app.route("/api/articles", articleToolRoutes);
app.route("/api/submissions", submissionRoutes);
app.route("/api/images", imageRoutes);
app.route("/api/moderation-log", moderationLogRoutes);
app.route("/", newswireRoutes);
// Before pageRoutes, which takes a path with an extension (feed.xml) for a missing file.
app.route("/", feedRoutes);
app.route("/", pageRoutes);

export default {
  fetch: app.fetch,
  // Inbox entries from the other workers, and the daily digests the cron queued (docs/decisions/026-inbox.md).
  queue: meteredQueue((batch, env: Env) =>
    batch.queue === DIGEST_QUEUE_NAME ? consumeDigests(batch, env) : consumeInboxEntries(batch, env),
  ),
  // Daily (wrangler.toml): ended sessions past their retention and reviewed article reports past their
  // days are deleted; the inbox digests go out.
  scheduled: meteredScheduled(async (_controller, env, ctx) => {
    ctx.waitUntil(purgeOldSessions(env).then((n) => console.log(`session retention: ${n} ended sessions purged`)));
    ctx.waitUntil(purgeEndedLimitWindows(env).then((n) => console.log(`rate limits: ${n} ended windows purged`)));
    ctx.waitUntil(queueDueDigests(env).then((n) => console.log(`digests: ${n} due subscribers queued`)));
    ctx.waitUntil(
      purgeReviewedReports(createDb(env.DB), articleReports).then((n) =>
        console.log(`reports: ${n} reviewed article reports past their days deleted`),
      ),
    );
  }),
} satisfies ExportedHandler<Env>;
