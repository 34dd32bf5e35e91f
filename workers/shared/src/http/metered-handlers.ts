// The entry points that are not requests, each under a D1 row meter with its own log line
// (db/row-meter.ts): a queue batch and a cron run.
import { meteredTask } from "../db/row-meter.ts";

type QueueHandler<E, M> = (batch: MessageBatch<M>, env: E, ctx: ExecutionContext) => Promise<void>;

/** A queue consumer whose batch logs its D1 rows (with the queue's name and the batch's size). */
export function meteredQueue<E, M>(handler: QueueHandler<E, M>): QueueHandler<E, M> {
  return (batch, env, ctx) =>
    meteredTask("queue", { queue: batch.queue, messages: batch.messages.length }, () => handler(batch, env, ctx));
}

type ScheduledHandler<E> = (controller: ScheduledController, env: E, ctx: ExecutionContext) => Promise<void>;

/** A cron handler whose run logs its D1 rows; what it hands to waitUntil is counted too. */
export function meteredScheduled<E>(handler: ScheduledHandler<E>): ScheduledHandler<E> {
  return (controller, env, ctx) => {
    const pending: Promise<unknown>[] = [];
    const counted: ExecutionContext = Object.assign(Object.create(ctx) as ExecutionContext, {
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    const run = meteredTask("cron", { cron: controller.cron }, async () => {
      await handler(controller, env, counted);
      await Promise.all(pending);
    });
    ctx.waitUntil(run);
    return Promise.resolve();
  };
}
