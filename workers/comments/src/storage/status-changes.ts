// A comment's status changes, as a request makes them (ADR 022 step 29). The article's ArticleThread
// object decides each on the comment's record and numbers it; the request then hands D1 the copies the
// thread answers (its own, and any earlier one of the article D1 has yet to take, so D1 takes them in
// order) and tells the thread they are in. When D1 fails, the change stands in the thread, whose alarm
// sends it; the request answers as for any D1 failure (503), and a second try finds the change made.

import type { Database } from "@unbiased/worker-shared/db/client";
import { logLine } from "@unbiased/worker-shared/http/trace";
import type { StatusAnswer, StatusChange } from "../durable/thread-status.ts";
import { articleThread } from "./objects.ts";
import { applyStatusCopies } from "./status-copies.ts";

export async function changeStatuses(
  env: Env,
  db: Database,
  articleId: string,
  changes: StatusChange[],
): Promise<StatusAnswer[]> {
  const thread = articleThread(env, articleId);
  const { answers, unsent } = await thread.changeStatus(articleId, changes);
  const last = unsent.at(-1);
  if (!last) return answers;
  await applyStatusCopies(db, articleId, unsent);
  // D1 has them: a thread that did not hear so sends them again from its alarm, which writes nothing.
  await thread
    .statusCopiesSent(last.seq)
    .catch((error: unknown) =>
      logLine("warn", { msg: "status copies sent again by the thread's alarm", articleId, error: String(error) }),
    );
  return answers;
}
