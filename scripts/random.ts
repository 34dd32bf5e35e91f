// A seeded pseudo-random source, so synthetic data is the same on every run with the same seed.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Skewed towards the start of the list (Zipf-like): early items are common, late ones rare; a higher skew piles up more. */
  pickSkewed<T>(items: readonly T[], skew?: number): T;
}

/** mulberry32: tiny, fast and good enough for test data (not for anything secret). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  /** The item `fraction` (in [0, 1)) of the way along; the fraction is drawn only for a non-empty list. */
  const itemAt = <T>(items: readonly T[], fraction: () => number): T => {
    if (items.length === 0) throw new Error("Cannot pick from an empty list");
    const index = Math.floor(fraction() * items.length);
    const item = items[index];
    if (item === undefined) throw new Error(`No item at ${index} of ${items.length}`);
    return item;
  };
  const pick = <T>(items: readonly T[]): T => itemAt(items, next);
  // Raising a uniform number to a power above 1 piles the picks up at low indexes.
  const pickSkewed = <T>(items: readonly T[], skew = 2.2): T => itemAt(items, () => next() ** skew);
  return { next, int, chance: (probability) => next() < probability, pick, pickSkewed };
}
