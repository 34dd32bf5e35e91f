// The benches' search requests: words the synthetic articles use, so every query matches something.

const WORDS = [
  "harbour",
  "energy",
  "council",
  "quantum",
  "market",
  "river",
  "budget",
  "vaccine",
  "rail",
  "climate",
  "trade",
  "sensor",
  "election",
  "port",
  "solar",
  "bank",
];

/**
 * The `n`th search path. Every (query, page) pair up to 48 × pages is distinct, so no cache answers it
 * and each request runs its queries in D1: within each block of 48, the 16 words take each of three
 * shapes (a 4-letter prefix, the word, two words), and each block asks for the next page.
 */
export function searchPath(n: number): string {
  const word = WORDS[n % WORDS.length] as string;
  const shape = Math.floor(n / WORDS.length) % 3;
  const query = shape === 0 ? word.slice(0, 4) : shape === 1 ? word : `${word} ${WORDS[(n * 7 + 3) % WORDS.length]}`;
  const page = 1 + Math.floor(n / (3 * WORDS.length));
  return `/api/articles/search/${encodeURIComponent(query)}?page=${page}`;
}
