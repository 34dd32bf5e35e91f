// Misses of one picture in one isolate share one fetch: a page whose twenty readers arrive together
// asks the publisher once, not twenty times. Only the outcome is shared (a Response body can be read
// once); each waiter builds its own answer from it.

const running = new Map<string, Promise<unknown>>();

/** `produce()`'s outcome for `key`, run once however many callers ask while it is running. */
export function sharedOutcome<T>(key: string, produce: () => Promise<T>): Promise<T> {
  const current = running.get(key);
  if (current) return current as Promise<T>;
  const started = produce().finally(() => running.delete(key));
  running.set(key, started);
  return started;
}
