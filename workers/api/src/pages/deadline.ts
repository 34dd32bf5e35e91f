// A part of a page the gateway asks another Worker for may fail or be slow; the page never waits
// past its deadline for it, and goes out without that part.

import { logLine } from "@unbiased/worker-shared/http/trace";

export type Settled<T> = { ok: true; value: T } | { ok: false; reason: string };

/** `work`'s value, or why there is none: it failed, or took longer than `ms` (it is then left unread). */
export async function withinDeadline<T>(work: Promise<T>, ms: number): Promise<Settled<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Settled<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: `no answer within ${ms} ms` }), ms);
  });
  const answer = work.then(
    (value): Settled<T> => ({ ok: true, value }),
    (error: unknown): Settled<T> => ({ ok: false, reason: String(error) }),
  );
  const outcome = await Promise.race([answer, timeout]);
  clearTimeout(timer);
  return outcome;
}

/**
 * `withinDeadline` for a part of a page: when the part is not to be had, one log line says which, why
 * and after how long (the page then goes out without it).
 */
export async function pageSlowPart<T>(
  work: Promise<T>,
  ms: number,
  miss: { level: "warn" | "error"; msg: string; requestId: string },
): Promise<Settled<T>> {
  const started = Date.now();
  const outcome = await withinDeadline(work, ms);
  if (!outcome.ok)
    logLine(miss.level, { msg: miss.msg, requestId: miss.requestId, reason: outcome.reason, ms: Date.now() - started });
  return outcome;
}
