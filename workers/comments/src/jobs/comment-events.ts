// comment-events queue consumer. The comments issue registers its handlers here (automatic checks
// on new comments, reputation side effects, e-mail notifications); a kind without a handler fails
// its job, is retried, and ends in the dead-letter queue rather than vanishing.
import { createDb, type Database } from "@unbiased/worker-shared/db/client";
import { runJobBatch, type JobHandler, type JobMessage } from "@unbiased/worker-shared/queue/jobs";

export const COMMENT_EVENTS_QUEUE = "unbiased-comment-events";

type CommentJobContext = { env: Env; db: Database };

export const commentJobHandlers: Record<string, JobHandler<CommentJobContext>> = {};

export async function handleCommentEvents(
  batch: MessageBatch<JobMessage>,
  env: Env,
  _ctx: ExecutionContext,
): Promise<void> {
  const db = createDb(env.DB);
  await runJobBatch(batch, db, commentJobHandlers, { env, db });
}
