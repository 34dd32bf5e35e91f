// ModMe bans (spec §7): the active list and unban. Unban answers at /api/comments/admin/unban/{userId}
// and at the spec's prefix-less /comments/admin/unban/{userId}; index.ts mounts this router at both.

import { assertMayActOnUser, modmeStaff } from "@unbiased/worker-shared/auth/staff";
import { type BansData, MODERATION_MESSAGES } from "@unbiased/worker-shared/contracts/moderation";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { Hono } from "hono";
import type { CommentsEnv } from "../env.ts";
import { listActiveBans, unbanUser } from "../storage/bans.ts";

/** Only the unban route: mounted at the prefix-less path too. */
export const unbanRoutes = new Hono<CommentsEnv>();
// A D1 failure answers 503 + Retry-After with spec §8's message for the route (http/unavailable.ts);
// each line below only sets that message and hands on to the route itself.
unbanRoutes.put("/unban/:userId", failureMessage(MODERATION_MESSAGES.unbanFailed));

unbanRoutes.put("/unban/:userId", modmeStaff, async (c) => {
  const userId = c.req.param("userId");
  const db = createDb(c.env.DB);
  await assertMayActOnUser(db, c.get("principal"), userId);
  const lifted = await unbanUser(db, { userId, actorId: c.get("principal").userId });
  if (!lifted) throw notFound(MODERATION_MESSAGES.notBanned);
  return c.json({ success: true as const, data: { userId, unbanned: true }, message: MODERATION_MESSAGES.unbanned });
});

export const adminBanRoutes = new Hono<CommentsEnv>();
adminBanRoutes.get("/bans", failureMessage(MODERATION_MESSAGES.loadBansFailed));

adminBanRoutes.get("/bans", modmeStaff, async (c) =>
  c.json({ success: true as const, data: { bans: await listActiveBans(createDb(c.env.DB)) } satisfies BansData }),
);
adminBanRoutes.route("/", unbanRoutes);
