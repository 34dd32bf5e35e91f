// The digest's one-click unsubscribe link (RFC 8058, docs/decisions/026-inbox.md): signed for one
// reader and this one purpose, so it unsubscribes that reader without signing in and nobody else.
// It does not expire: an old e-mail's link still works.
import { signPurposeToken, verifyPurposeToken } from "@unbiased/worker-shared/auth/tokens";

const PURPOSE = "digest-unsubscribe";
export const UNSUBSCRIBE_PATH = "/api/digest/unsubscribe";

export async function unsubscribeUrl(env: Pick<Env, "AUTH_SECRET" | "APP_ORIGIN">, userId: string): Promise<string> {
  const url = new URL(UNSUBSCRIBE_PATH, env.APP_ORIGIN);
  url.searchParams.set("token", await signPurposeToken(env.AUTH_SECRET, userId, PURPOSE));
  return url.href;
}

/** The reader the link was made for, or null when it is not a valid unsubscribe link. */
export const unsubscribeLinkOwner = (env: Pick<Env, "AUTH_SECRET">, token: string) =>
  verifyPurposeToken(env.AUTH_SECRET, token, PURPOSE);
