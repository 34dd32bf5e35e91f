// Calls over a long list, a round of `size` at a time: one request asking hundreds of Durable Objects
// at once would have them all start together (and be answered "overloaded"); rounds keep most of the
// concurrency and bound the burst.
export async function inRounds<T, R>(items: readonly T[], size: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(task))));
  return results;
}
