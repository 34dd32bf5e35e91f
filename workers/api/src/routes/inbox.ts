// The signed-in reader's inbox (docs/decisions/026-inbox.md), under /api/auth/me/inbox: GET lists the
// entries newest first, a page at a time, with the unread count; GET /unread is the bell's count alone
// (one object call, no D1); POST /read marks `{ids}` or `{all: true}` read. Personal: never cached.
// A banned reader keeps their inbox: it tells them what happened to what they wrote.

import { requireAuth } from "@unbiased/worker-shared/auth/middleware";
import { INBOX_MESSAGES } from "@unbiased/worker-shared/contracts/inbox";
import { InboxPageQuerySchema, InboxReadSchema } from "@unbiased/worker-shared/contracts/inbox.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { tooManyRequests } from "@unbiased/worker-shared/http/errors";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { type Context, Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import { inboxOf, inboxPage } from "../storage/inbox.ts";

export const inboxRoutes = new Hono<ApiEnv>();
inboxRoutes.get("/", failureMessage(INBOX_MESSAGES.loadFailed));
inboxRoutes.get("/unread", failureMessage(INBOX_MESSAGES.loadFailed));
inboxRoutes.post("/read", failureMessage(INBOX_MESSAGES.markFailed));
inboxRoutes.use("*", requireAuth({ allowBanned: true }), async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

/** The signed-in reader's own inbox (requireAuth has set the principal). */
const inboxOfReader = (c: Context<ApiEnv>) => inboxOf(c.env, c.get("principal").userId);

inboxRoutes.get("/", validate("query", InboxPageQuerySchema), async (c) => {
  const { limit, before } = c.req.valid("query");
  const { entries, unread, pagination } = await inboxPage(createDb(c.env.DB), inboxOfReader(c), before ?? null, limit);
  return c.json({ success: true as const, data: { entries, unread }, pagination });
});

inboxRoutes.get("/unread", async (c) => ok(c, { unread: await inboxOfReader(c).unread() }));

inboxRoutes.post("/read", validate("json", InboxReadSchema), async (c) => {
  const result = await inboxOfReader(c).markRead(c.req.valid("json"));
  if ("refused" in result) throw tooManyRequests(result.retryAfterMs / 1000);
  return ok(c, { unread: result.unread });
});
