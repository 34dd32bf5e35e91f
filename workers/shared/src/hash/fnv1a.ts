/**
 * FNV-1a, 32 bits: a fast, well-spread, non-cryptographic hash of a string's UTF-16 code units, for
 * spreading keys over buckets and naming versions of a value. Never for anything an attacker must
 * not be able to collide.
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
