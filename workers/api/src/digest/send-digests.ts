// The daily digest (docs/decisions/026-inbox.md). The gateway's daily cron lists the subscribers whose
// last digest is a day old and queues them, a few to a message (queueDueDigests); the digest queue's
// consumer writes each one's e-mail, listing their unread inbox entries that arrived after that digest,
// into the e-mail outbox (the comments worker sends it), and nothing when there is nothing new. Split
// so: a digest takes two subrequests (the reader's Inbox object and the outbox batch), and neither a
// cron run nor a queue batch may make more than a Worker's limit of them, however many subscribe.
// Every digest carries the one-click unsubscribe headers of RFC 8058.

import { type DigestMessage, DigestMessageSchema } from "@unbiased/worker-shared/contracts/inbox.schema";
import { inboxEntryText } from "@unbiased/worker-shared/contracts/inbox-text";
import { createDb } from "@unbiased/worker-shared/db/client";
import { retryDelaySeconds } from "@unbiased/worker-shared/queue/jobs";
import { commentsService } from "../services.ts";
import { claimAndQueueDigest, type DueDigest, dueDigests, dueSubscribers } from "../storage/digest.ts";
import { inboxOf } from "../storage/inbox.ts";
import { unsubscribeUrl } from "./unsubscribe-link.ts";

/** A digest is due a little under a day after the last, so a daily cron that runs late still sends. */
const MIN_GAP_MS = 20 * 3600_000;
/** The entries one e-mail lists; the rest are counted. */
const LISTED = 10;
/** Subscribers per queue message: a batch of the consumer (max_batch_size 5) writes at most 100 digests. */
export const DIGESTS_PER_MESSAGE = 20;
/** Messages per send (a queue's sendBatch takes at most 100). */
const MESSAGES_PER_SEND = 100;
/**
 * Due subscribers read per query by the cron (ids and last digest times only): one full send's worth,
 * so a run makes two subrequests per 2,000 subscribers, a million subscribers within 1,000.
 */
const DUE_PAGE = DIGESTS_PER_MESSAGE * MESSAGES_PER_SEND;

/** The digest queue (wrangler.toml), whose batches the gateway's queue handler hands to consumeDigests. */
export const DIGEST_QUEUE_NAME = "unbiased-digests";

/** The cron's part: every due subscriber queued, DIGESTS_PER_MESSAGE to a message. Returns how many. */
export async function queueDueDigests(env: Env, now = Date.now()): Promise<number> {
  let queued = 0;
  // A page is at most MESSAGES_PER_SEND messages (DUE_PAGE): one send each.
  for await (const messages of dueDigestMessages(env, now)) {
    await env.DIGEST_QUEUE.sendBatch(messages.map((body) => ({ body })));
    queued += messages.reduce((sum, message) => sum + message.due.length, 0);
  }
  return queued;
}

/** The messages for every subscriber due at `now`, a page of DUE_PAGE subscribers at a time. */
export async function* dueDigestMessages(env: Env, now: number): AsyncGenerator<DigestMessage[]> {
  const db = createDb(env.DB);
  let after = "";
  for (;;) {
    const page = await dueSubscribers(db, now - MIN_GAP_MS, after, DUE_PAGE);
    const messages: DigestMessage[] = [];
    for (let i = 0; i < page.length; i += DIGESTS_PER_MESSAGE)
      messages.push({ now, due: page.slice(i, i + DIGESTS_PER_MESSAGE) });
    if (messages.length > 0) yield messages;
    if (page.length < DUE_PAGE) return;
    after = page.at(-1)?.userId ?? after;
  }
}

/**
 * The consumer: each message's digests written. A message that is not one is dropped (no retry mends
 * it); one whose digests failed is retried, and a digest already written is not written again (the
 * claim in claimAndQueueDigest moves the last digest's time on only from the time the cron read).
 */
export async function consumeDigests(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const parsed = DigestMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error(`digests: dropped a message that is not a digest list: ${parsed.error.message}`);
      message.ack();
      continue;
    }
    try {
      const result = await sendDigests(env, parsed.data);
      console.log(`digests: ${result.sent} queued, ${result.nothingNew} with nothing new`);
      message.ack();
      if (result.sent > 0) await sendEmailsNow(env);
    } catch (err) {
      console.error("digests: a message's digests failed; retried:", err);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/**
 * Asks the comments worker, which holds the e-mail sender, to send the outbox now: its cron alone
 * sends 50 every 5 minutes, far fewer than a day's digests. A failure leaves them to that cron.
 */
async function sendEmailsNow(env: Env): Promise<void> {
  try {
    await commentsService(env).sendEmails();
  } catch (err) {
    console.error("digests: the e-mail outbox could not be sent now; its cron sends it:", err);
  }
}

/** The digests of one message's subscribers, each written (or not, with nothing new) on its own. */
export async function sendDigests(
  env: Env,
  { now, due }: DigestMessage,
): Promise<{ sent: number; nothingNew: number }> {
  const db = createDb(env.DB);
  const result = { sent: 0, nothingNew: 0 };
  // Who they are now (a subscriber who left or unsubscribed since the cron read is not here).
  const subscribers = await dueDigests(db, due);
  for (const subscriber of subscribers) {
    const { entries, total } = await inboxOf(env, subscriber.userId).unreadArrived(
      subscriber.lastSentAt ?? 0,
      now,
      LISTED,
    );
    if (total === 0) {
      result.nothingNew++;
      continue;
    }
    const email = await digestEmail(env, subscriber, entries, total);
    if (await claimAndQueueDigest(db, subscriber, email, now)) result.sent++;
  }
  return result;
}

type Entries = Awaited<ReturnType<ReturnType<typeof inboxOf>["unreadArrived"]>>["entries"];

async function digestEmail(env: Env, due: DueDigest, entries: Entries, total: number) {
  const site = (path: string) => new URL(path, env.APP_ORIGIN).href;
  const unsubscribe = await unsubscribeUrl(env, due.userId);
  const lines = entries.flatMap((entry) => {
    const { headline, detail } = inboxEntryText(entry);
    return [`- ${headline}`, ...(detail ? [`  ${detail}`] : []), `  ${site(entry.link)}`, ""];
  });
  const more = total - entries.length;
  return {
    subject: `Unbiased 24/7: ${total} unread ${total === 1 ? "notification" : "notifications"}`,
    body: [
      `Hello ${due.name},`,
      "",
      `Since your last digest, ${total === 1 ? "this has" : "these have"} happened on Unbiased 24/7:`,
      "",
      ...lines,
      ...(more > 0 ? [`…and ${more} more.`, ""] : []),
      `Your inbox: ${site("/inbox")}`,
      "",
      "You get this e-mail once a day at most, because you asked for it on your profile.",
      `Unsubscribe with one click: ${unsubscribe}`,
    ].join("\n"),
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
