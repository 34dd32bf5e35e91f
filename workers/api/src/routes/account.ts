// The signed-in reader's own account (ADR 017), under /api/auth/me: GET /export downloads everything
// stored about them as a JSON file; GET /ban says whether they are banned (the delete dialog tells a
// banned reader that their ban outlives the account); DELETE deletes the account, after the reader
// typed DELETE and only with a sign-in from the last 10 minutes. A banned reader may do all three.

import { requireAuth } from "@unbiased/worker-shared/auth/middleware";
import { ACCOUNT_MESSAGES, RECENT_SIGN_IN_MINUTES } from "@unbiased/worker-shared/contracts/account";
import { AccountDeletionSchema } from "@unbiased/worker-shared/contracts/account.schema";
import { AUTH_MESSAGES } from "@unbiased/worker-shared/contracts/auth";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { forbidden, unauthorized } from "@unbiased/worker-shared/http/errors";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { consume, userLimitKey } from "@unbiased/worker-shared/limits/rate-limit";
import { Hono } from "hono";
import { deleteAccount } from "../account/delete-account.ts";
import { clearRefreshCookie } from "../auth/cookies.ts";
import type { ApiEnv } from "../env.ts";
import { commentsService, votesService } from "../services.ts";
import { exportAccount } from "../storage/account-export.ts";
import { inboxOf } from "../storage/inbox.ts";
import { savedArticlesOf } from "../storage/saved-articles.ts";
import { userSessions } from "../storage/sessions.ts";
import { ownBan } from "../storage/users.ts";

export const accountRoutes = new Hono<ApiEnv>();
accountRoutes.get("/export", failureMessage(ACCOUNT_MESSAGES.exportFailed));
accountRoutes.delete("/", failureMessage(ACCOUNT_MESSAGES.deleteFailed));

/**
 * A file, not the envelope (docs/contracts.md § Responses): the document itself, pretty-printed, as an
 * attachment named by the day. Personal data, so no-store (the app's default, said here as well).
 */
accountRoutes.get("/export", requireAuth({ allowBanned: true }), async (c) => {
  const { userId } = c.get("principal");
  const db = createDb(c.env.DB);
  await consume(db, userLimitKey("data-export", userId), RATE_LIMITS.dataExport);
  const data = await exportAccount(
    db,
    votesService(c.env),
    commentsService(c.env),
    { saved: savedArticlesOf(c.env, userId), inbox: inboxOf(c.env, userId), sessions: userSessions(c.env, userId) },
    userId,
  );
  if (!data) throw unauthorized(AUTH_MESSAGES.sessionEnded);
  return c.body(`${JSON.stringify(data, null, 2)}\n`, 200, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="unbiased247-my-data-${data.exportedAt.slice(0, 10)}.json"`,
    "Cache-Control": "no-store",
  });
});

accountRoutes.get("/ban", requireAuth({ allowBanned: true }), async (c) =>
  ok(c, await ownBan(createDb(c.env.DB), c.get("principal").userId)),
);

/**
 * The body repeats the confirmation the reader typed and their choice for their comments. The sign-in
 * must be recent (the session's creation), so a token left on a shared computer cannot delete the
 * account: an older one gets 403 with a message asking to sign in again.
 */
accountRoutes.delete("/", requireAuth({ allowBanned: true }), validate("json", AccountDeletionSchema), async (c) => {
  const principal = c.get("principal");
  if (Date.now() - principal.sessionCreatedAt > RECENT_SIGN_IN_MINUTES * 60_000) {
    throw forbidden(ACCOUNT_MESSAGES.signInAgain);
  }
  const result = await deleteAccount(c.env, principal.userId, c.req.valid("json").comments);
  clearRefreshCookie(c);
  return ok(c, result);
});
