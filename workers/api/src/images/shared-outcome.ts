// Misses of one picture in one isolate share one fetch: a page whose twenty readers arrive together
// asks the publisher once, not twenty times. Only the outcome is shared (a Response body can be read
// once); each waiter builds its own answer from it.

const running = new Map<string, Promise<unknown>>();

/**
 * How long a caller waits for the fetch another request started. That fetch is that request's I/O:
 * should the request end first (its reader went away), the fetch ends with it and never settles, and
 * workerd would cancel every request still waiting on it as hung. Past this, a waiter fetches alone.
 */
const LEADER_WAIT_MS = 10_000;

/** `produce()`'s outcome for `key`, run once however many callers ask while it is running. */
export async function sharedOutcome<T>(key: string, produce: () => Promise<T>): Promise<T> {
  const current = running.get(key) as Promise<T> | undefined;
  if (current) {
    const leader = await Promise.race([
      current.then((value) => ({ value })),
      scheduler.wait(LEADER_WAIT_MS).then(() => null),
    ]);
    return leader ? leader.value : produce();
  }
  const started = produce().finally(() => running.delete(key));
  running.set(key, started);
  return started;
}
