// The daily digest's opt-in (docs/decisions/026-inbox.md), under /api/auth/me/digest: GET says whether
// the signed-in reader asked for it, PUT {subscribed} changes that. Personal: never cached.
import { requireAuth } from "@unbiased/worker-shared/auth/middleware";
import { DIGEST_MESSAGES } from "@unbiased/worker-shared/contracts/inbox";
import { DigestChoiceSchema } from "@unbiased/worker-shared/contracts/inbox.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import { digestSubscription, setDigestSubscription } from "../storage/digest.ts";

export const digestRoutes = new Hono<ApiEnv>();
digestRoutes.get("/", failureMessage(DIGEST_MESSAGES.loadFailed));
digestRoutes.put("/", failureMessage(DIGEST_MESSAGES.saveFailed));
digestRoutes.use("*", requireAuth({ allowBanned: true }), async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

digestRoutes.get("/", async (c) => {
  const row = await digestSubscription(createDb(c.env.DB), c.get("principal").userId);
  return ok(c, { subscribed: row !== null });
});

digestRoutes.put("/", validate("json", DigestChoiceSchema), async (c) => {
  const { subscribed } = c.req.valid("json");
  await setDigestSubscription(createDb(c.env.DB), c.get("principal").userId, subscribed);
  return ok(c, { subscribed });
});
