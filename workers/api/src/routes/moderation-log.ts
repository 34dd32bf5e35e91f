// GET /api/moderation-log (ADR 018): the public moderation log, the same for everyone, so it
// is cached and validated like the articles API. Staff actions do not bump the content version, so an
// entry shows within the cache's 30-second time bucket rather than at once.

import { PUBLIC_LOG_MESSAGES } from "@unbiased/worker-shared/contracts/public-log";
import { PublicLogQuerySchema } from "@unbiased/worker-shared/contracts/public-log.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import { publicCache } from "../http/public-cache.ts";
import { commentsService } from "../services.ts";
import { listPublicModerationLog } from "../storage/public-moderation-log.ts";

export const moderationLogRoutes = new Hono<ApiEnv>();

moderationLogRoutes.get("/", failureMessage(PUBLIC_LOG_MESSAGES.loadFailed));

const cached = publicCache({ sMaxAgeSeconds: 30, staleWhileRevalidateSeconds: 60 });

moderationLogRoutes.get("/", cached, validate("query", PublicLogQuerySchema), async (c) => {
  const { page } = c.req.valid("query");
  const { entries, bans, pagination } = await listPublicModerationLog(createDb(c.env.DB), commentsService(c.env), page);
  return c.json({ success: true as const, data: entries, bans, pagination });
});
