// The inbox queue's consumer (docs/decisions/026-inbox.md): each message is an entry for one reader,
// sent by the worker where it happened; entries go to their reader's Inbox object, one call per reader
// a batch. The object keeps an entry once, so a redelivered message is harmless; a reader's call that
// fails is retried with backoff, and a message that is not an entry is logged and dropped (no retry
// can mend it).
import { InboxMessageSchema } from "@unbiased/worker-shared/contracts/inbox.schema";
import { retryDelaySeconds } from "@unbiased/worker-shared/queue/jobs";
import { inboxOf } from "../storage/inbox.ts";

type Parsed = ReturnType<typeof InboxMessageSchema.parse>;

export async function consumeInboxEntries(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const byReader = new Map<string, { message: Message<unknown>; entry: Parsed["entry"] }[]>();
  for (const message of batch.messages) {
    const parsed = InboxMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error(`inbox: dropped a message that is not an entry: ${parsed.error.message}`);
      message.ack();
      continue;
    }
    const list = byReader.get(parsed.data.userId) ?? [];
    list.push({ message, entry: parsed.data.entry });
    byReader.set(parsed.data.userId, list);
  }
  await Promise.all(
    [...byReader].map(async ([userId, items]) => {
      try {
        await inboxOf(env, userId).add(items.map((item) => item.entry));
        for (const item of items) item.message.ack();
      } catch (err) {
        console.error(`inbox: entries for a reader could not be stored; retried:`, err);
        for (const item of items) item.message.retry({ delaySeconds: retryDelaySeconds(item.message.attempts) });
      }
    }),
  );
}
