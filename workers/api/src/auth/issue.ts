// What every successful sign-in returns: a session, a short-lived access token naming it, and the
// rotating refresh token in an HttpOnly cookie.

import { signToken } from "@unbiased/worker-shared/auth/tokens";
import { AUTH_MESSAGES } from "@unbiased/worker-shared/contracts/auth";
import { unauthorized } from "@unbiased/worker-shared/http/errors";
import type { Context } from "hono";
import type { ApiEnv } from "../env.ts";
import { commentsService } from "../services.ts";
import { openSession } from "../storage/sessions.ts";
import { setRefreshCookie } from "./cookies.ts";

/** Access tokens are short-lived; the UI refreshes them (spec §4 "A token refresh replaces the stored token"). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** The ModMe session lasts 24 h from the password gate (spec §4 "Admin session"). */
export const ADMIN_TOKEN_TTL_SECONDS = 24 * 3600;

/** `startedAt`: the session's sign-in, which every worker's check takes its absolute end from. */
export const accessToken = (env: Env, session: { userId: string; sessionId: string; startedAt: number }) =>
  signToken(
    env.AUTH_SECRET,
    { sub: session.userId, sid: session.sessionId, kind: "access", sst: session.startedAt },
    ACCESS_TOKEN_TTL_SECONDS,
  );

/**
 * Every sign-in path ends here (development sign-in, the code exchange, Google's ID token). A ban kept
 * from a deleted account with the same identity is put back first (ADR 017), so the new session is
 * banned from its first request; if that check cannot be made, the sign-in fails rather than let a
 * banned reader back in.
 */
export async function signIn<E extends ApiEnv>(c: Context<E>, userId: string): Promise<string> {
  await commentsService(c.env).restoreCarriedBan(userId);
  const session = await openSession(c.env, userId);
  if (!session) throw unauthorized(AUTH_MESSAGES.sessionEnded);
  const { sessionId, createdAt, refreshToken } = session;
  setRefreshCookie(c, refreshToken);
  return accessToken(c.env, { userId, sessionId, startedAt: createdAt });
}

export const emailList = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
