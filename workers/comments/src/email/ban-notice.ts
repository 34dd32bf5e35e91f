// The e-mail a user gets when a moderator bans them while rejecting their comment, queued in the outbox
// like the deactivation notice (ADR 012; that one is in storage/outbox.ts).
import type { BanType } from "@unbiased/worker-shared/contracts/moderation";
import type { OutboxEmail } from "../storage/outbox.ts";

export function banNoticeEmail(
  to: { email: string; name: string },
  ban: { banType: BanType; hours: number; reason: string | null; expiresAt: number | null },
): OutboxEmail {
  const length =
    ban.banType === "permanent"
      ? "This ban is permanent."
      : `This ban lasts ${ban.hours} ${ban.hours === 1 ? "hour" : "hours"}, until ${new Date(ban.expiresAt ?? 0).toUTCString()}.`;
  return {
    toEmail: to.email,
    subject: "Your Unbiased 24/7 account has been banned from commenting",
    body: [
      `Hello ${to.name},`,
      "",
      "A moderator rejected one of your comments and banned your account from commenting, voting,",
      "reporting and submitting links. You can still sign in and read.",
      length,
      "",
      `Reason: ${ban.reason || "Not given"}`,
    ].join("\n"),
    template: "user-banned",
  };
}
