// Who is approved without a moderator, and which spam signals hold a comment anyway (spec §4/§9,
// ADR 011). The reputation threshold is configurable per deployment (COMMENT_AUTO_APPROVE_MIN_REPUTATION
// in wrangler.toml [vars]); the spam signals are constants here.
import { DEFAULT_AUTO_APPROVE_MIN_REPUTATION } from "@unbiased/worker-shared/contracts/comments";

export interface ModerationPolicy {
  /** Lowest author reputation approved automatically (default 5: Established and Trusted). */
  autoApproveMinReputation: number;
  /** More links than this in one comment holds it. */
  maxLinks: number;
  /** An identical comment by the same author within this window holds the new one. */
  duplicateWindowMs: number;
}

export const SPAM_SIGNALS = { maxLinks: 3, duplicateWindowMs: 10 * 60_000 } as const;

export function moderationPolicy(env: { COMMENT_AUTO_APPROVE_MIN_REPUTATION?: string }): ModerationPolicy {
  const configured = Number.parseInt(env.COMMENT_AUTO_APPROVE_MIN_REPUTATION ?? "", 10);
  return {
    autoApproveMinReputation: Number.isFinite(configured) ? configured : DEFAULT_AUTO_APPROVE_MIN_REPUTATION,
    ...SPAM_SIGNALS,
  };
}

const LINK = /\bhttps?:\/\/|\bwww\.|\bjavascript:|\bdata:/gi;

/** Links in plain text: URLs with a scheme or www., and script/data URLs. */
export const countLinks = (content: string) => content.match(LINK)?.length ?? 0;
