// The one shape of a ModMe report queue, shared by the comment reports (comments worker) and the article
// reports (gateway): GET {path}?page&limit lists the pending ones, paged, with `total`; PUT
// {path}/{id}/dismiss dismisses one (404 when no pending report has that id). Staff with the ModMe
// token only; each route names spec §8's failure message first, so a D1 failure anywhere answers it.
import type { Env } from "hono";
import { Hono } from "hono";
import type { AuthBindings, AuthVariables } from "./auth/middleware.ts";
import { modmeStaff } from "./auth/staff.ts";
import type { InboxMessage } from "./contracts/inbox.ts";
import { ReportsQuerySchema } from "./contracts/moderation.schema.ts";
import { MODERATION_MESSAGES, type Pagination } from "./contracts/moderation.ts";
import { createDb, type Database } from "./db/client.ts";
import { failureMessage } from "./http/app.ts";
import { notFound } from "./http/errors.ts";
import { pageOf } from "./http/paging.ts";
import { validate } from "./http/validator.ts";
import { sendInboxEntriesSoon } from "./inbox/outbox.ts";

export interface ReportQueue<Report, Bindings = unknown> {
  /** `env` is the worker's bindings: a list may read beyond D1 (the comments' texts, in their threads). */
  list(db: Database, page: number, limit: number, env: Bindings): Promise<{ reports: Report[]; total: number }>;
  dismiss(db: Database, input: { reportId: string; actorId: string }): Promise<boolean>;
}

/** The inbox queue too: a dismissal tells the reporter (docs/decisions/026-inbox.md). */
type ReportEnv = Env & {
  Bindings: AuthBindings & { INBOX_QUEUE: Queue<InboxMessage> };
  Variables: AuthVariables;
};

export function reportQueueRoutes<E extends ReportEnv, Report>(
  path: string,
  queue: ReportQueue<Report, E["Bindings"]>,
): Hono<E> {
  const routes = new Hono<E>();
  routes.get(path, failureMessage(MODERATION_MESSAGES.fetchReportsFailed));
  routes.put(`${path}/:id/dismiss`, failureMessage(MODERATION_MESSAGES.dismissFailed));

  routes.get(path, modmeStaff, validate("query", ReportsQuerySchema), async (c) => {
    const { page, limit } = c.req.valid("query");
    const { reports, total } = await queue.list(createDb(c.env.DB), page, limit, c.env as E["Bindings"]);
    const pagination: Pagination = pageOf(page, limit, total);
    return c.json({ success: true as const, data: { reports, total, pagination } });
  });

  routes.put(`${path}/:id/dismiss`, modmeStaff, async (c) => {
    const id = c.req.param("id");
    if (!(await queue.dismiss(createDb(c.env.DB), { reportId: id, actorId: c.get("principal").userId })))
      throw notFound(MODERATION_MESSAGES.reportNotFound);
    // Hono's generic env hides the bindings ReportEnv requires of E.
    sendInboxEntriesSoon(c.env as unknown as ReportEnv["Bindings"], c.executionCtx);
    return c.json({
      success: true as const,
      data: { id, dismissed: true },
      message: MODERATION_MESSAGES.reportDismissed,
    });
  });
  return routes;
}
