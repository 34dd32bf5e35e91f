// The moderation log page's data (beyond the spec, after Lobsters' moderation log): every action,
// filterable by moderator, action and target; and the e-mail outbox, which the local sender leaves
// visible here instead of delivering.

import { modmeStaff } from "@unbiased/worker-shared/auth/staff";
import type { ModerationLogData, OutboxData } from "@unbiased/worker-shared/contracts/moderation";
import { ModerationLogQuerySchema } from "@unbiased/worker-shared/contracts/moderation.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { pageOf } from "@unbiased/worker-shared/http/paging";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import { deliverOutbox } from "../email/deliver-outbox.ts";
import { emailSenderFor } from "../email/sender.ts";
import type { CommentsEnv } from "../env.ts";
import { listModerationLog } from "../storage/moderation-log-query.ts";
import { listOutbox } from "../storage/outbox-delivery.ts";

export const adminLogRoutes = new Hono<CommentsEnv>();

adminLogRoutes.get("/log", modmeStaff, validate("query", ModerationLogQuerySchema), async (c) => {
  const { page, limit, ...filter } = c.req.valid("query");
  const { entries, total, actions } = await listModerationLog(c.env, createDb(c.env.DB), filter, page, limit);
  return c.json({
    success: true as const,
    data: { entries, pagination: pageOf(page, limit, total), actions } satisfies ModerationLogData,
  });
});

adminLogRoutes.get("/outbox", modmeStaff, async (c) =>
  c.json({
    success: true as const,
    data: { items: await listOutbox(createDb(c.env.DB)), sender: emailSenderFor(c.env).name } satisfies OutboxData,
  }),
);

/** Sends what is due now instead of waiting for the cron (the log page's "Send now"). */
adminLogRoutes.post("/outbox/send", modmeStaff, async (c) =>
  c.json({ success: true as const, data: await deliverOutbox(createDb(c.env.DB), emailSenderFor(c.env)) }),
);
