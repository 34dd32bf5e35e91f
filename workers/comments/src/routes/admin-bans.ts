// ModMe bans (spec §7): the active list and unban. Unban answers at /api/comments/admin/unban/{userId}
// and at the spec's prefix-less /comments/admin/unban/{userId}; index.ts mounts this router at both.
// Also the bans kept from deleted accounts (ADR 017): GET /bans/carried lists them, DELETE
// /bans/carried/{id} lifts one before it runs out.

import { assertMayActOnUser, modmeStaff } from "@unbiased/worker-shared/auth/staff";
import { type BansData, type CarriedBansData, MODERATION_MESSAGES } from "@unbiased/worker-shared/contracts/moderation";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { Hono } from "hono";
import type { CommentsEnv } from "../env.ts";
import { listActiveBans, unbanUser } from "../storage/bans.ts";
import { liftCarriedBan, listCarriedBans } from "../storage/carried-bans.ts";

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
adminBanRoutes.get("/bans/carried", failureMessage(MODERATION_MESSAGES.loadCarriedBansFailed));
adminBanRoutes.delete("/bans/carried/:id", failureMessage(MODERATION_MESSAGES.liftCarriedBanFailed));

adminBanRoutes.get("/bans/carried", modmeStaff, async (c) =>
  c.json({
    success: true as const,
    data: { carriedBans: await listCarriedBans(createDb(c.env.DB)) } satisfies CarriedBansData,
  }),
);

adminBanRoutes.delete("/bans/carried/:id", modmeStaff, async (c) => {
  const id = c.req.param("id");
  await liftCarriedBan(createDb(c.env.DB), id, c.get("principal").userId);
  return c.json({ success: true as const, data: { id, lifted: true }, message: MODERATION_MESSAGES.carriedBanLifted });
});
adminBanRoutes.route("/", unbanRoutes);
