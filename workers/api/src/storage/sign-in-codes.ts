// Single-use sign-in codes (docs/decisions/009-auth-hardening.md): what the sign-in callback page
// receives instead of a bearer token. The stored hash covers the code AND the browser's sign-in
// binding cookie, so a code is useless in another browser; redeeming deletes it, so it works once.

import type { Database } from "@unbiased/worker-shared/db/client";
import { signInCodes } from "@unbiased/worker-shared/db/schema/index";
import { eq, lt } from "drizzle-orm";
import { randomToken, sha256Hex } from "../auth/random.ts";

export const SIGN_IN_CODE_TTL_MS = 60_000;

const codeHash = (code: string, binding: string) => sha256Hex(`${code}.${binding}`);

export async function issueSignInCode(db: Database, userId: string, binding: string, now = Date.now()) {
  const code = randomToken();
  await db.batch([
    // Codes nobody redeemed would otherwise stay forever; the index makes this cheap.
    db.delete(signInCodes).where(lt(signInCodes.expiresAt, now)),
    db
      .insert(signInCodes)
      .values({ hash: await codeHash(code, binding), userId, expiresAt: now + SIGN_IN_CODE_TTL_MS }),
  ]);
  return code;
}

/** The user the code was issued to, or null (unknown, already used, expired, or another browser). */
export async function redeemSignInCode(
  db: Database,
  code: string,
  binding: string,
  now = Date.now(),
): Promise<string | null> {
  const [row] = await db
    .delete(signInCodes)
    .where(eq(signInCodes.hash, await codeHash(code, binding)))
    .returning({ userId: signInCodes.userId, expiresAt: signInCodes.expiresAt });
  return row && row.expiresAt > now ? row.userId : null;
}
