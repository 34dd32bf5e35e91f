// The daily digest (docs/decisions/026-inbox.md), run by the gateway's daily cron: each subscriber
// whose last digest is a day old gets one e-mail listing their unread inbox entries that arrived
// after it, through the e-mail outbox (the comments worker sends it); nothing when there is nothing new.
// Every digest carries the one-click unsubscribe headers of RFC 8058.
import { inboxEntryText } from "@unbiased/worker-shared/contracts/inbox-text";
import { createDb } from "@unbiased/worker-shared/db/client";
import { claimAndQueueDigest, type DueDigest, dueDigests } from "../storage/digest.ts";
import { inboxOf } from "../storage/inbox.ts";
import { unsubscribeUrl } from "./unsubscribe-link.ts";

/** A digest is due a little under a day after the last, so a daily cron that runs late still sends. */
const MIN_GAP_MS = 20 * 3600_000;
/** The entries one e-mail lists; the rest are counted. */
const LISTED = 10;
const PAGE = 200;

export async function sendDigests(env: Env, now = Date.now()): Promise<{ sent: number; nothingNew: number }> {
  const db = createDb(env.DB);
  const result = { sent: 0, nothingNew: 0 };
  let after = "";
  for (;;) {
    const page = await dueDigests(db, now - MIN_GAP_MS, after, PAGE);
    for (const due of page) {
      const { entries, total } = await inboxOf(env, due.userId).unreadArrived(due.lastSentAt ?? 0, now, LISTED);
      if (total === 0) {
        result.nothingNew++;
        continue;
      }
      const email = await digestEmail(env, due, entries, total);
      if (await claimAndQueueDigest(db, due, email, now)) result.sent++;
    }
    if (page.length < PAGE) return result;
    after = page.at(-1)?.userId ?? after;
  }
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
