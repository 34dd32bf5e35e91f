// Ingest worker: the articles domain's back office (docs/architecture.md § Request flows, Ingestion). The cron
// enqueues a poll of the sources; the ingestion queue's consumer turns feed items and readers'
// submissions into articles; IngestService is what the gateway calls over its service binding (the
// staff tools' regenerations, the pictures behind the image proxy, the local newswire), so the NLP
// code and the outbound fetches never weigh on the gateway.
import { WorkerEntrypoint } from "cloudflare:workers";
import type { ArticleImageOutcome } from "@unbiased/worker-shared/contracts/images";
import type { RegenerateOutcome, RegenerateTarget } from "@unbiased/worker-shared/contracts/ingest";
import type { IngestRpc } from "@unbiased/worker-shared/contracts/rpc";
import { meteredTask } from "@unbiased/worker-shared/db/row-meter";
import { createApp } from "@unbiased/worker-shared/http/app";
import { meteredQueue, meteredScheduled } from "@unbiased/worker-shared/http/metered-handlers";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { ingestConfig } from "./config.ts";
import type { IngestEnv } from "./env.ts";
import { articleImage } from "./images/article-image.ts";
import { handleIngestBatch } from "./jobs/consumer.ts";
import { handleScheduled } from "./jobs/schedule.ts";
import { healthRoutes } from "./routes/health.ts";
import { newswireRoutes } from "./routes/newswire.ts";
import { regenerate } from "./rpc/regenerate.ts";

const app = createApp<IngestEnv>({ name: "ingest" });
app.route("/api/ingest/health", healthRoutes);
app.route("/newswire", newswireRoutes);

export class IngestService extends WorkerEntrypoint<Env> implements IngestRpc {
  override fetch(request: Request): Promise<Response> {
    return Promise.resolve(app.fetch(request, this.env, this.ctx));
  }

  /** Rewrites one article's summary, location or image; `actorId` is the staff member, for the moderation log. */
  regenerate<T extends RegenerateTarget>(articleId: string, target: T, actorId: string): Promise<RegenerateOutcome<T>> {
    return meteredTask("rpc", { call: "ingest.regenerate" }, () => regenerate(this.env, articleId, target, actorId));
  }

  /** The article's stored picture, fetched through the outbound guard, for the gateway's image proxy. */
  articleImage(articleId: string): Promise<ArticleImageOutcome> {
    return articleImage(this.env.DB, ingestConfig(this.env), articleId);
  }
}

export default {
  fetch: app.fetch,
  queue: meteredQueue(handleIngestBatch),
  scheduled: meteredScheduled(handleScheduled),
} satisfies ExportedHandler<Env, JobMessage>;
