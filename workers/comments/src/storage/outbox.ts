// E-mail to a user goes through the outbox (email_outbox): written in the same batch as the change it
// reports, sent later by the outbox sender (the moderation issue), so a failed send never undoes it.
import { DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import type { StatementGuard } from "./reputation.ts";

export interface OutboxEmail {
  toEmail: string;
  subject: string;
  body: string;
  /** Which kind of message it is, for the sender and for audits. */
  template: string;
}

/**
 * The outbox row; with a guard it is written only when the guard holds (see comment-status.ts). Never
 * to the '[deleted]' row that kept comments of deleted accounts belong to: nobody reads that address.
 */
export function outboxInsertStatement(
  db: Database,
  email: OutboxEmail,
  now = Date.now(),
  guard: StatementGuard = { sql: "1", params: [] },
): D1PreparedStatement {
  return raw(
    db,
    `INSERT INTO email_outbox (id, to_email, subject, body, template, status, attempts, created_at)
     SELECT ?, ?, ?, ?, ?, 'pending', 0, ? WHERE ${guard.sql} AND ? <> ?`,
    crypto.randomUUID(),
    email.toEmail,
    email.subject,
    email.body,
    email.template,
    now,
    ...guard.params,
    email.toEmail,
    DELETED_USER.email,
  );
}

/** The e-mail an author gets when a moderator moves their approved comment back to the queue (spec §4). */
export function deactivationEmail(to: { email: string; name: string }, comment: { content: string }, reason: string) {
  const excerpt = comment.content.length > 200 ? `${comment.content.slice(0, 200)}…` : comment.content;
  return {
    toEmail: to.email,
    subject: "Your comment was moved to the moderation queue",
    body: [
      `Hello ${to.name},`,
      "",
      "A moderator moved one of your comments on Unbiased 24/7 back to the moderation queue. It is hidden",
      "from other readers until a moderator reviews it again, and 2 reputation points were taken away.",
      "",
      `Reason: ${reason}`,
      "",
      "Your comment:",
      excerpt,
    ].join("\n"),
    template: "comment-deactivated",
  } satisfies OutboxEmail;
}
