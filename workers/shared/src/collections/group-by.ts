// Items grouped by a key, each group in the items' order (what ES2024's Map.groupBy does; the workers'
// TypeScript library stops at ES2023). `pick` maps an item to what its group keeps.
export function groupBy<T, K, V = T>(items: Iterable<T>, key: (item: T) => K, pick?: (item: T) => V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const value = pick ? pick(item) : (item as unknown as V);
    const group = groups.get(key(item));
    if (group) group.push(value);
    else groups.set(key(item), [value]);
  }
  return groups;
}
