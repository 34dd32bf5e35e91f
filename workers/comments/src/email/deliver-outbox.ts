// Sends what the outbox holds: run by the cron, and after each moderation action that writes a
// notice (in waitUntil, so the moderator never waits for the e-mail API), and by the gateway after
// each batch of digests (sendEmails). Runs at once take different messages (each holds what it took,
// claimDueOutboxRows); a message whose sender died goes again when its lease ends.
import type { EmailDelivery } from "@unbiased/worker-shared/contracts/rpc";
import type { Database } from "@unbiased/worker-shared/db/client";
import { claimDueOutboxRows, markOutboxAttemptFailed, markOutboxSent } from "../storage/outbox-delivery.ts";
import type { EmailSender } from "./sender.ts";

export async function deliverOutbox(
  db: Database,
  sender: EmailSender,
  limit = 50,
  now = Date.now(),
): Promise<EmailDelivery> {
  const result: EmailDelivery = { sent: 0, retrying: 0, failed: 0 };
  for (const row of await claimDueOutboxRows(db, limit, now)) {
    try {
      const headers = row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined;
      await sender.send({ to: row.toEmail, subject: row.subject, text: row.body, headers });
      await markOutboxSent(db, row.id);
      result.sent++;
    } catch (err) {
      const status = await markOutboxAttemptFailed(db, row.id, err instanceof Error ? err.message : String(err));
      result[status === "failed" ? "failed" : "retrying"]++;
    }
  }
  return result;
}
