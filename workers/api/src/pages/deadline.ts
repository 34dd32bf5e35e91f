// A part of a page the gateway asks another Worker for may fail or be slow; the page never waits
// past its deadline for it, and goes out without that part.

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
